/**
 * The nesting limit of oxn.md OXN-13 for code that parses JSON with `JSON.parse` (which has none):
 * whether text nests arrays/objects deeper than MAX_JSON_DEPTH, counting brackets outside strings.
 * Meant for text `JSON.parse` accepted, so strings are well-formed.
 */
import { MAX_JSON_DEPTH } from './parse-json.js'

export function exceedsJsonDepth(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c /* \ */) i++
      else if (c === 0x22 /* " */) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return true
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--
  }
  return false
}
