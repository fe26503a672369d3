/**
 * `json-doc(path)` (xpath-functions.md FN-json-doc-1..4; LOC-1, LOC-2): reads a location (relative
 * path, `/`-rooted path or `svc://` URL), decodes it as JSON whatever its media type, and returns the
 * root element of a new OXN tree (parsed site files are cached per gateway; the tree is new for every
 * call). Main content that holds nodes or values is read as the JSON it renders as. Missing location
 * or invalid JSON: RW and the empty sequence.
 */
import { JsonSyntaxError, type OxnElement, oxnRoot, parseJson, renderJson, toXPathString } from '../../oxn/index.js'
import { Content } from '../../values/content.js'
import { EMPTY, type Sequence } from '../../values/item.js'
import type { JsonValue } from '../../values/json-value.js'
import type { Value } from '../value.js'
import { cachesOf, type FunctionCall, warn } from './call.js'
import { type FunctionLocation, leavesSiteRoot, parseFunctionLocation, readFunctionLocation } from './locations.js'

/** The JSON at a location, a syntax error, or undefined when the location is missing. */
export function readJsonLocation(
  call: FunctionCall,
  location: FunctionLocation,
): JsonValue | JsonSyntaxError | undefined {
  const parse = (text: string): JsonValue | JsonSyntaxError => {
    try {
      return parseJson(text)
    } catch (error) {
      if (error instanceof JsonSyntaxError) return error
      throw error
    }
  }
  if (location.kind === 'file') {
    const caches = cachesOf(call)
    const bytes = caches.readFile(location.path)
    if (bytes === null) return undefined
    return caches.derived.get(`json\0${location.path}`, () => parse(new Content(bytes, null).text)) as
      JsonValue | JsonSyntaxError
  }
  const first = readFunctionLocation(call, location)?.[0]
  if (first === undefined) return undefined
  return parse(first instanceof Content ? first.text : renderJson(first))
}

export function xpJsonDoc(call: FunctionCall, path: Value): Sequence | OxnElement {
  const text = toXPathString(path)
  const parsed = parseFunctionLocation(call, text)
  if (!parsed.ok) {
    warn(call, 'json-doc', leavesSiteRoot(parsed.reason) ? `${text} not found` : parsed.reason)
    return EMPTY
  }
  const json = readJsonLocation(call, parsed.location)
  if (json === undefined) {
    warn(call, 'json-doc', `${text} not found`)
    return EMPTY
  }
  if (json instanceof JsonSyntaxError) {
    warn(call, 'json-doc', `${text}: invalid JSON at ${json.line}:${json.column} (${json.reason})`)
    return EMPTY
  }
  return oxnRoot(json)
}
