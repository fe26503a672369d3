/**
 * The top-level members of a JSON object text in order, repeated keys kept (actions.md
 * ACT-set-response-headers-2: a name written twice is sent twice; the JSON decoder of oxn.md OXN-12
 * keeps only the last). Used only on text that `parseJson` has accepted.
 */
import { parseJson } from '../../oxn/index.js'
import type { JsonValue } from '../../values/json-value.js'

/** Members of `text`, a valid JSON object (possibly surrounded by whitespace). */
export function objectMembers(text: string): [string, JsonValue][] {
  const members: [string, JsonValue][] = []
  let i = skipWhitespace(text, text.indexOf('{') + 1)
  while (text[i] === '"') {
    const keyEnd = stringEnd(text, i)
    const key = JSON.parse(text.slice(i, keyEnd)) as string
    const valueStart = skipWhitespace(text, skipWhitespace(text, keyEnd) + 1)
    const valueEnd = valueEndOf(text, valueStart)
    members.push([key, parseJson(text.slice(valueStart, valueEnd))])
    i = skipWhitespace(text, valueEnd)
    if (text[i] === ',') i = skipWhitespace(text, i + 1)
  }
  return members
}

function skipWhitespace(text: string, i: number): number {
  while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++
  return i
}

/** Offset after the string starting at `i`. */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; ; j++) {
    const c = text[j]
    if (c === '\\') j++
    else if (c === '"') return j + 1
  }
}

/** Offset after the value starting at `i`: a string, a container (by depth), or a literal up to `,` / `}`. */
function valueEndOf(text: string, i: number): number {
  if (text[i] === '"') return stringEnd(text, i)
  let depth = 0
  let j = i
  for (; j < text.length; j++) {
    const c = text[j]
    if (c === '"') j = stringEnd(text, j) - 1
    else if (c === '{' || c === '[') depth++
    else if (c === '}' || c === ']') {
      if (depth === 0) break
      if (--depth === 0) return j + 1
    } else if (c === ',' && depth === 0) break
  }
  return j
}
