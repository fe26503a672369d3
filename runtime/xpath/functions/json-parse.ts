/**
 * `json-parse(json)` (xpath-functions.md FN-json-parse-1, FN-json-parse-2; oxn.md OXN-13, OXN-14):
 * the root element of a new OXN tree for any top-level JSON value. Invalid JSON (also "" and the
 * empty sequence) is an RW and the empty sequence.
 */
import {
  JsonSyntaxError,
  type OxnDocument,
  oxnDocument,
  type OxnElement,
  parseJson,
  toXPathString,
} from '../../oxn/index.js'
import { EMPTY, type Sequence } from '../../values/item.js'
import type { Value } from '../value.js'
import { type FunctionCall, warn } from './call.js'

/** The new tree's document for `text`, or undefined after an RW naming `name`. */
export function decodeJsonArgument(call: FunctionCall, name: string, text: string): OxnDocument | undefined {
  try {
    return oxnDocument(parseJson(text))
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error
    warn(call, name, `invalid JSON at ${error.line}:${error.column} (${error.reason})`)
    return undefined
  }
}

export function xpJsonParse(call: FunctionCall, json: Value): Sequence | OxnElement {
  return decodeJsonArgument(call, 'json-parse', toXPathString(json))?.documentElement ?? EMPTY
}
