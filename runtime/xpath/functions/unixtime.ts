/** `unixtime()` (xpath-functions.md FN-unixtime-1): seconds since 1970-01-01T00:00:00Z, rounded down, read at each call. */
export function xpUnixtime(): number {
  return Math.floor(Date.now() / 1000)
}
