/**
 * The `mime` attribute of terminating actions (flows.md F-RESP-5 step 1): a value that is empty after
 * trimming counts as no attribute; a value with control characters is an RF.
 */
import type { FlowContext } from '../../context/flow-context.js'
import { flowExecutionError } from '../../errors/raised-error.js'

/** True when the text holds a control character (C0, DEL) that a header value cannot carry. */
export function hasControlCharacter(text: string): boolean {
  return /[\u0000-\u001f\u007f]/.test(text)
}

/** The explicit media type to record, or undefined for "no attribute". */
export function explicitMimeOf(
  ctx: FlowContext,
  mime: string | undefined,
  at: string,
  action: string,
): string | undefined {
  if (mime === undefined) return undefined
  const trimmed = mime.trim()
  if (trimmed === '') return undefined
  if (hasControlCharacter(trimmed))
    throw flowExecutionError(at, action, `mime contains control characters: ${JSON.stringify(mime)}`, ctx.requestId)
  return trimmed
}
