/**
 * The `dump` action (actions.md ACT-dump-1..5): the value of `in` becomes the response body;
 * missing input sends an empty body (ACT-dump-3). Content-Type: `mime` wins, otherwise F-RESP-5
 * steps 2 and 4 at send time (no default mime). The generated code returns BREAK right after.
 */
import type { FlowContext } from '../../context/flow-context.js'
import type { Location, LocationText } from '../../context/location.js'
import { EMPTY, type Sequence } from '../../values/item.js'
import { explicitMimeOf } from './mime.js'
import { readLocation } from './read-location.js'
import { statusOrFallback } from './status.js'

/** Sends the value at `input` (the main content when the attribute is absent). */
export function dump(
  ctx: FlowContext,
  at: string,
  input: Location | LocationText,
  mime?: string,
  status?: string,
): void {
  const value: Sequence = readLocation(ctx, input, at, 'dump') ?? EMPTY
  const explicitMime = explicitMimeOf(ctx, mime, at, 'dump')
  const response = ctx.response
  if (status !== undefined) response.status = statusOrFallback(status)
  response.body = value
  response.explicitMime = explicitMime
  response.defaultMime = undefined
}
