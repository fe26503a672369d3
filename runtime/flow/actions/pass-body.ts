/**
 * The `pass-body` action (actions.md ACT-pass-body-1..4): the exact bytes stored under the request ID
 * (`svc://request/content/<id>`, flows.md F-LOC-6) become the response body; `text/plain` unless a
 * `mime` attribute or an explicit `Content-Type` field says otherwise (the upstream's media type is
 * not used, F-RESP-5). Decided: an ID that evaluates to `""` means `main`; no stored body sends an
 * empty body with an RW. The generated code returns BREAK right after (F-EXEC-3).
 */
import type { FlowContext } from '../../context/flow-context.js'
import { EMPTY } from '../../values/item.js'
import { explicitMimeOf } from './mime.js'
import { statusOrFallback } from './status.js'
import { warnAction } from './write-location.js'

/** Default media type of `pass-body` (F-RESP-5 step 3). */
export const PASS_BODY_DEFAULT_MIME = 'text/plain'

export function passBody(ctx: FlowContext, at: string, request = 'main', mime?: string, status?: string): void {
  const explicitMime = explicitMimeOf(ctx, mime, at, 'pass-body')
  const id = request === '' ? 'main' : request
  const stored = ctx.contents.upstream.get(id)
  if (stored === undefined)
    warnAction(ctx, at, 'pass-body', `no body is stored for request ${JSON.stringify(id)}; an empty body is sent`)
  const response = ctx.response
  if (status !== undefined) response.status = statusOrFallback(status)
  response.body = stored === undefined ? EMPTY : [stored]
  response.explicitMime = explicitMime
  response.defaultMime = PASS_BODY_DEFAULT_MIME
}
