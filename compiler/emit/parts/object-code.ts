/**
 * Literal builders for app-part modules: objects with fixed property names (identifiers chosen by the
 * emitter, never user text) and arrays, written with spaces after commas; user values enter through
 * `lit()` only.
 */
import { Code, identifier, indent, joinCode, js, type JsonLiteral, lit } from '../code.js'

/** `{ name: value, ... }` on one line. */
export function objectCode(entries: readonly (readonly [name: string, value: Code])[]): Code {
  if (entries.length === 0) return lit({})
  return js`{ ${joinCode(
    entries.map(([name, value]) => js`${identifier(name)}: ${value}`),
    ', ',
  )} }`
}

/** `{`, one `name: value,` per line indented by two spaces, `}`. */
export function blockObjectCode(entries: readonly (readonly [name: string, value: Code])[]): Code {
  const lines = entries.map(([name, value]) => js`${identifier(name)}: ${value},`)
  return js`{\n${indent(joinCode(lines, '\n'))}\n}`
}

/** `[a, b]` of code fragments. */
export function arrayCode(items: readonly Code[]): Code {
  return js`[${joinCode(items, ', ')}]`
}

/** Nested arrays of scalars as `[["a", []], ...]`, spaced like the rest of the module. */
export function listCode(value: JsonLiteral): Code {
  return Array.isArray(value) ? arrayCode((value as readonly JsonLiteral[]).map(listCode)) : lit(value)
}
