/**
 * Status values given as text (flows.md F-RESP-2): valid when, after trimming whitespace, the text is
 * a decimal integer (digits only) in the range 200-599; anything else gives 500 at run time. The
 * compiler uses `statusOf` too, for the warning about invalid static values.
 */

/** Status used when a given value is not a valid status (F-RESP-2). */
export const INVALID_STATUS_FALLBACK = 500

/** The status a text stands for, or undefined when it is not a valid status (F-RESP-2). */
export function statusOf(text: string): number | undefined {
  const trimmed = text.trim()
  if (!/^[0-9]+$/.test(trimmed)) return undefined
  const value = Number(trimmed)
  return value >= 200 && value <= 599 ? value : undefined
}

/** The status for a text, 500 when it is invalid (F-RESP-2, ACT-set-status-2). */
export function statusOrFallback(text: string): number {
  return statusOf(text) ?? INVALID_STATUS_FALLBACK
}
