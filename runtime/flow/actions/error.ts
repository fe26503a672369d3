/**
 * The `error` action (actions.md ACT-error-1..5; errors.md X10, X11, X13): the body's JSON template
 * gives an object (a string is the shortcut for `message`; an empty body is `{}`), whose recognised
 * properties are type-checked and defaulted — `message` `FlowError`, `status` 500, `code` 5000,
 * `info` `["Flow Error triggered"]` — and whose other properties are kept. A `status` attribute wins
 * over the body. The object becomes `$error` with the recognised properties first (X10); `requestID`
 * is not added (the system error document adds it, X15). The error is raised with alert topic `error`.
 *
 * At run time a body result of another kind, or a recognised property of the wrong type, is replaced
 * by its default and a run-time warning (RW) is written (ACT-error-1, ACT-error-2); the compiler
 * reports the same problems of a static body as compile errors, through `errorPropertyProblem`.
 */
import type { FlowContext } from '../../context/flow-context.js'
import { oneLine, RaisedError } from '../../errors/raised-error.js'
import type { CompiledTemplate } from '../../template/compiled-template.js'
import { parseTemplateOutput, renderTemplate } from '../../template/output.js'
import { JsonNumber, JsonObject, type JsonValue } from '../../values/json-value.js'
import { statusOrFallback } from './status.js'

const ACTION = 'error'

/** The recognised properties in X10 order, with their defaults (ACT-error-2, X11). */
const DEFAULTS: readonly (readonly [string, JsonValue])[] = [
  ['message', 'FlowError'],
  ['status', new JsonNumber('500')],
  ['code', new JsonNumber('5000')],
  ['info', ['Flow Error triggered']],
]

const RECOGNISED = new Set(['message', 'status', 'code', 'info'])

function integerIn(value: JsonValue, min: number, max: number): boolean {
  return value instanceof JsonNumber && Number.isInteger(value.value) && value.value >= min && value.value <= max
}

/** Why a recognised property's value is not acceptable (ACT-error-2); null when it is, or not recognised. */
export function errorPropertyProblem(name: string, value: JsonValue): string | null {
  switch (name) {
    case 'message':
      return typeof value === 'string' ? null : 'message must be a string'
    case 'status':
      return integerIn(value, 200, 599) ? null : 'status must be an integer from 200 to 599'
    case 'code':
      return integerIn(value, 0, 9999) ? null : 'code must be an integer from 0 to 9999'
    case 'info':
      return Array.isArray(value) && value.every((entry) => typeof entry === 'string')
        ? null
        : 'info must be an array of strings'
  }
  return null
}

/** What a body result stands for: an object, or why it is replaced by `{}` (ACT-error-1). */
export function errorBodyObject(value: JsonValue): JsonObject | string {
  if (value instanceof JsonObject) return value
  if (typeof value === 'string') return new JsonObject(['message'], [value])
  if (value === null) return 'the body must give a JSON object or string, not null'
  if (Array.isArray(value)) return 'the body must give a JSON object or string, not an array'
  return `the body must give a JSON object or string, not a ${value instanceof JsonNumber ? 'number' : 'boolean'}`
}

/**
 * ACT-error-4: raises the error the action describes. `status` is the evaluated `status` attribute,
 * undefined when absent. The generated code throws the result.
 */
export function error(ctx: FlowContext, at: string, template: CompiledTemplate | null, status?: string): RaisedError {
  const warn = (message: string): void => ctx.debug?.('warn', ACTION, `${at}: ${ACTION}: ${message}`)
  let body = new JsonObject([], [])
  if (template !== null) {
    const output = parseTemplateOutput(renderTemplate(ctx, template))
    if (output.kind === 'invalid') warn(`the body is not valid JSON (${output.error.reason}); {} is used`)
    else if (output.kind === 'json') {
      const object = errorBodyObject(output.value)
      if (typeof object === 'string') warn(`${object}; {} is used`)
      else body = object
    }
  }
  return new RaisedError(flowErrorObject(body, status, warn), ACTION, [], true)
}

/** `$error` from the body object (X10 member order, X13 single lines) and the `status` attribute. */
export function flowErrorObject(
  body: JsonObject,
  status: string | undefined,
  warn: (message: string) => void,
): JsonObject {
  const keys: string[] = []
  const values: JsonValue[] = []
  for (const [name, fallback] of DEFAULTS) {
    let value = body.get(name) ?? fallback
    const problem = errorPropertyProblem(name, value)
    if (problem !== null) {
      warn(`${problem}; the default is used`)
      value = fallback
    }
    if (name === 'status' && status !== undefined) value = new JsonNumber(String(statusOrFallback(status)))
    keys.push(name)
    values.push(singleLines(value))
  }
  const requestId = body.get('requestID')
  if (requestId !== undefined) {
    keys.push('requestID')
    values.push(requestId)
  }
  body.keys.forEach((key, i) => {
    if (RECOGNISED.has(key) || key === 'requestID') return
    keys.push(key)
    values.push(body.values[i]!)
  })
  return new JsonObject(keys, values)
}

function singleLines(value: JsonValue): JsonValue {
  if (typeof value === 'string') return oneLine(value)
  if (Array.isArray(value)) return value.map((entry) => (typeof entry === 'string' ? oneLine(entry) : entry))
  return value
}
