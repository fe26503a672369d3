/**
 * `json-to-csv(rows)` (xpath-functions.md FN-json-to-csv-1..FN-json-to-csv-5): one CSV record per item
 * of the OXN array; a row is an array or object of scalars whose values (object keys are not written)
 * become its fields: strings as they are, numbers as their literal, `true`/`false`, `null` empty. A
 * field is quoted exactly when it holds `,`, `"`, CR or LF (quotes doubled). Every record ends with
 * CR LF; an empty array gives "". Not an array, a scalar row or a container inside a row: RW and "".
 */
import { JsonNumber, JsonObject, type JsonValue } from '../../values/json-value.js'
import type { Value } from '../value.js'
import { type FunctionCall, warn } from './call.js'
import { childElementsOf, jsonOfNode, oxnArrayOf } from './oxn-array.js'

const NEEDS_QUOTES = /[,"\r\n]/

function field(value: JsonValue): string | undefined {
  let text: string
  if (value === null) text = ''
  else if (typeof value === 'string') text = value
  else if (typeof value === 'boolean') text = value ? 'true' : 'false'
  else if (value instanceof JsonNumber) text = value.text
  else return undefined
  return NEEDS_QUOTES.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text
}

export function xpJsonToCsv(call: FunctionCall, rows: Value): string {
  const array = oxnArrayOf(rows)
  if (array === undefined) {
    warn(call, 'json-to-csv', 'the argument is not an OXN array')
    return ''
  }
  let out = ''
  for (const row of childElementsOf(array)) {
    const json = jsonOfNode(row)
    const values =
      json instanceof JsonObject ? json.values : Array.isArray(json) ? (json as readonly JsonValue[]) : undefined
    if (values === undefined) {
      warn(call, 'json-to-csv', 'a row is not an array or object')
      return ''
    }
    const fields: string[] = []
    for (const value of values) {
      const text = field(value)
      if (text === undefined) {
        warn(call, 'json-to-csv', 'a row holds an object or array')
        return ''
      }
      fields.push(text)
    }
    out += fields.join(',') + '\r\n'
  }
  return out
}
