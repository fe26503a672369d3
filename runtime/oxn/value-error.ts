/**
 * The XPath error a value conversion or rendering raises (xpath-functions.md XP-CONV-1: `XPTY0004`
 * for a map or function item used as a string; templates.md T-OUT-8: `SERE0023` for a map entry or
 * array member holding several items). Callers turn it into a run-time failure (RF) with a location.
 */
export class XPathValueError extends Error {
  constructor(
    /** The XPath error code (`XPTY0004`, `SERE0023`). */
    readonly code: 'XPTY0004' | 'SERE0023',
    message: string,
  ) {
    super(`${code}: ${message}`)
    this.name = 'XPathValueError'
  }
}
