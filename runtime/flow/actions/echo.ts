/**
 * The `echo` action (actions.md ACT-echo-1..4): literal text becomes the response body, `text/plain`
 * unless `mime` says otherwise (flows.md F-RESP-5). The generated code returns BREAK right after
 * (terminating action, F-EXEC-3).
 */
import type { FlowContext } from '../../context/flow-context.js'
import { explicitMimeOf } from './mime.js'
import { statusOrFallback } from './status.js'

/** Default media type of `echo` (F-RESP-5 step 3). */
export const ECHO_DEFAULT_MIME = 'text/plain'

/**
 * Sends `text` as the body. Attribute values arrive in their evaluated form; `undefined` means the
 * attribute is absent. The mime is checked before anything changes (ACT-COMMON-2).
 */
export function echo(ctx: FlowContext, at: string, text: string, mime?: string, status?: string): void {
  const explicitMime = explicitMimeOf(ctx, mime, at, 'echo')
  const response = ctx.response
  if (status !== undefined) response.status = statusOrFallback(status)
  response.body = [text]
  response.explicitMime = explicitMime
  response.defaultMime = ECHO_DEFAULT_MIME
}
