/**
 * The `set-response-headers` option (upstream.md UP-RESP-4), applied to the client response once a
 * response was obtained, with the field rules of the action (actions.md ACT-set-response-headers-2,
 * -4, runtime/flow/actions/header-fields.ts): a property replaces all earlier values of its name,
 * `null` removes it, an array sends one line per element; `Status` and the fields the gateway owns
 * are ignored with a warning. Shapes were checked with the other options before sending.
 */
import type { FlowContext } from '../context/flow-context.js'
import { headerField } from '../flow/actions/header-fields.js'
import type { JsonObject } from '../values/json-value.js'

export function applyResponseHeadersOption(
  ctx: FlowContext,
  fields: JsonObject,
  warn: (message: string) => void,
): void {
  const headers = ctx.response.headers
  for (let i = 0; i < fields.keys.length; i++) {
    const field = headerField(fields.keys[i]!, fields.values[i]!)
    switch (field.kind) {
      case 'set':
        headers.set(field.name, field.values)
        break
      case 'remove':
        headers.delete(field.name)
        break
      case 'status':
        warn('the set-response-headers option cannot set the status; Status is ignored')
        break
      case 'ignored':
        warn(`header ${field.name} is set by the gateway; ignored`)
        break
      case 'invalid':
        // checked with the options before the request was sent (options.ts)
        break
    }
  }
}
