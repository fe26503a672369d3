/**
 * Writing an action's result to its `out` location (flows.md F-LOC-1, F-LOC-5, F-VAR-3): a variable
 * receives the value itself; the main content receives the value; a stored upstream body
 * (`svc://request/content/<id>`) holds only content values, so any other value is stored as the
 * content it would be sent as (bytes and media type of F-RESP-4, F-RESP-5 step 4). Also the names of
 * locations for messages.
 */
import type { FlowContext } from '../../context/flow-context.js'
import type { Location, LocationText } from '../../context/location.js'
import { renderBody } from '../../http/render-body.js'
import { Content } from '../../values/content.js'
import type { Sequence } from '../../values/item.js'

/** Where an action may write (F-LOC-1 "Write"). */
export type WritableLocation = Extract<Location, { kind: 'variable' | 'main-content' | 'upstream-content' }>

export function writeLocation(ctx: FlowContext, location: WritableLocation, value: Sequence): void {
  switch (location.kind) {
    case 'variable':
      ctx.vars.set(location.name, value)
      return
    case 'main-content':
      ctx.contents.main = value
      return
    case 'upstream-content':
      ctx.contents.upstream.set(location.id, asContent(value))
  }
}

/** A value as content: a single content value as it is, anything else rendered (F-RESP-4). */
export function asContent(value: Sequence): Content {
  const only = value.length === 1 ? value[0] : undefined
  if (only instanceof Content) return only
  const rendered = renderBody(value)
  const content =
    typeof rendered.body === 'string'
      ? Content.fromText(rendered.body, rendered.mediaType)
      : new Content(rendered.body, rendered.mediaType)
  if (value.length === 1 && typeof only === 'object' && only !== null && 'nodeType' in only) content.decoded = only
  return content
}

/** The location as written in a flow (`$name`, `svc://request/content/<id>`, a site path), for messages. */
export function locationName(location: Location | LocationText): string {
  switch (location.kind) {
    case 'text':
      return location.text
    case 'variable':
      return `$${location.name}`
    case 'main-content':
      return 'svc://request/content'
    case 'upstream-content':
      return `svc://request/content/${location.id}`
    case 'empty-document':
      return 'svc://request/empty'
    case 'file':
      return location.path
  }
}

/** Writes a run-time warning of an action (flows.md section 0, RW): level `warn`, the action as topic. */
export function warnAction(ctx: FlowContext, at: string, action: string, message: string): void {
  ctx.debug?.('warn', action, `${at}: ${action}: ${message}`)
}
