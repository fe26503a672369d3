/**
 * What the editor features need to know about a definition (YAML, or JSON written one key per line)
 * at a position: the keys that lead to the line, from its indentation, and from them the level of
 * definition.md section 3 where an `x-svc-*` key would be written. Indentation is enough here and
 * keeps working while the text does not parse.
 */
import type { ExtensionLevel } from '../language/index.js'

const KEY = /^(\s*)(?:-\s+)?["']?([^"':#{}[\],]+?)["']?\s*:(?:\s|$)/
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch'])

export interface KeyLine {
  readonly indent: number
  readonly key: string
  /** The value written after the key on the same line, unquoted, with its offsets in the line. */
  readonly value: { readonly text: string; readonly start: number; readonly end: number } | undefined
}

export function keyLine(line: string): KeyLine | undefined {
  const match = KEY.exec(line)
  if (!match) return undefined
  const rest = line.slice(match[0].length)
  const valueMatch = /^\s*(["']?)([^"'#,]*?)\1\s*,?\s*(?:#.*)?$/.exec(rest)
  let value: KeyLine['value']
  if (valueMatch && valueMatch[2] !== '') {
    const start = match[0].length + rest.indexOf(valueMatch[2]!, valueMatch[1]!.length)
    value = { text: valueMatch[2]!, start, end: start + valueMatch[2]!.length }
  }
  return { indent: match[1]!.length, key: match[2]!.trim(), value }
}

/** The keys of the mappings that hold a line indented by `indent` at line `line`, outermost first. */
export function keyPathAt(lines: readonly string[], line: number, indent: number): string[] {
  const path: string[] = []
  let limit = indent
  for (let i = line - 1; i >= 0 && limit > 0; i--) {
    const text = lines[i]!
    if (text.trim() === '' || text.trim().startsWith('#')) continue
    const parsed = keyLine(text)
    if (parsed && parsed.indent < limit) {
      path.unshift(parsed.key)
      limit = parsed.indent
    }
  }
  return path
}

/** The level of definition.md section 3 of a mapping reached by `path`, if it is one. */
export function levelOf(path: readonly string[]): ExtensionLevel | undefined {
  if (path.length === 0) return 'top'
  if (path[0] === 'paths') {
    if (path.length === 1) return 'paths'
    if (path.length === 2) return 'path'
    if (path.length === 3 && METHODS.has(path[2]!)) return 'operation'
  }
  if (path[0] === 'securityDefinitions' && path.length === 2) return 'scheme'
  return undefined
}
