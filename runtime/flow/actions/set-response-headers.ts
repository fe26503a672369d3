/**
 * The `set-response-headers` action (actions.md ACT-set-response-headers-1..5): the template runs on
 * `in` (default: the main content, ACT-COMMON-3); its output must be a JSON object (otherwise an RF).
 * Every field is checked before anything changes (ACT-COMMON-2); then each name replaces earlier
 * values of that name (F-RESP-3), a name repeated in the result sends all its values in order, a
 * `Status` member sets the status (F-RESP-2: invalid gives 500) unless the `status` attribute is given,
 * which wins. Fields the gateway owns are ignored with an RW. Not terminating.
 */
import type { FlowContext } from '../../context/flow-context.js'
import type { Location, LocationText } from '../../context/location.js'
import { flowExecutionError } from '../../errors/raised-error.js'
import type { CompiledTemplate } from '../../template/compiled-template.js'
import { invalidOutputMessage, parseTemplateOutput, renderTemplate } from '../../template/output.js'
import { EMPTY } from '../../values/item.js'
import { JsonNumber, JsonObject, type JsonValue } from '../../values/json-value.js'
import { type HeaderField, headerField } from './header-fields.js'
import { objectMembers } from './json-members.js'
import { readLocation } from './read-location.js'
import { INVALID_STATUS_FALLBACK, statusOrFallback } from './status.js'

const ACTION = 'set-response-headers'

/** Runs the action; `template` is null when the action has only a `status` attribute. */
export function setResponseHeaders(
  ctx: FlowContext,
  template: CompiledTemplate | null,
  input: Location | LocationText,
  status?: string,
): void {
  const fields = template === null ? [] : headerFields(ctx, template, input)
  const response = ctx.response
  const setHere = new Set<string>()
  for (const field of fields) {
    switch (field.kind) {
      case 'status':
        if (status === undefined && field.value !== null) response.status = statusOfValue(field.value)
        break
      case 'ignored':
        ctx.debug?.('warn', ACTION, `header ${field.name} is set by the gateway; ignored`)
        break
      case 'remove':
        response.headers.delete(field.name)
        setHere.delete(field.name.toLowerCase())
        break
      case 'set': {
        const lower = field.name.toLowerCase()
        if (!setHere.has(lower)) {
          setHere.add(lower)
          response.headers.set(field.name, field.values)
        } else for (const value of field.values) response.headers.append(field.name, value)
        break
      }
    }
  }
  if (status !== undefined) response.status = statusOrFallback(status)
}

/** The output's fields, all valid; an RF names the first problem. */
function headerFields(
  ctx: FlowContext,
  template: CompiledTemplate,
  input: Location | LocationText,
): Exclude<HeaderField, { kind: 'invalid' }>[] {
  const fail = (reason: string) => flowExecutionError(template.at, ACTION, reason, ctx.requestId)
  const text = renderTemplate(ctx, template, readLocation(ctx, input, template.at, ACTION) ?? EMPTY)
  const output = parseTemplateOutput(text)
  if (output.kind === 'invalid') throw fail(invalidOutputMessage(output.error))
  if (output.kind === 'empty' || !(output.value instanceof JsonObject)) throw fail('the result must be a JSON object')
  const fields: Exclude<HeaderField, { kind: 'invalid' }>[] = []
  for (const [name, value] of objectMembers(text)) {
    const field = headerField(name, value)
    if (field.kind === 'invalid') throw fail(field.reason)
    fields.push(field)
  }
  return fields
}

/** A `Status` member: an integer number or numeric string with a valid status (F-RESP-2), else 500. */
function statusOfValue(value: JsonValue): number {
  if (value instanceof JsonNumber) {
    const number = value.value
    return Number.isInteger(number) && number >= 200 && number <= 599 ? number : INVALID_STATUS_FALLBACK
  }
  if (typeof value === 'string') return statusOrFallback(value)
  return INVALID_STATUS_FALLBACK
}
