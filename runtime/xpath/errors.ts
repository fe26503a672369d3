/**
 * XPath dynamic errors of expression evaluation (xpath-functions.md XP-LANG-4, flows.md F-EXPR-5):
 * both tiers raise them with the XPath error code, and evaluation turns them into the action's
 * run-time failure `<CODE>: <message>` (errors.md code 5001). Also the signal the fast path uses to
 * hand an expression over to the engine.
 */

export class XPathDynamicError extends Error {
  constructor(
    /** XPath error code, e.g. `FORG0006`, `XPTY0004`. */
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`)
    this.name = 'XPathDynamicError'
  }
}

/**
 * Thrown by fast-path helpers for input they do not handle (nodes of XML documents, typed engine
 * values, nodes of several trees to sort); the expression is then evaluated by the engine. A frozen
 * constant, so throwing it costs no stack trace.
 */
export const FAST_PATH_BAILOUT: { readonly bailout: true } = Object.freeze({ bailout: true })

/** `CODE: message` for any error evaluation may raise; the code is undefined when there is none. */
export function describeXPathError(error: unknown): { code: string | undefined; message: string } {
  const withCode = error as { code?: unknown; message?: unknown }
  if (error instanceof Error && typeof withCode.code === 'string' && /^[A-Z]{4}\d{4}$/.test(withCode.code)) {
    const message = error.message.startsWith(`${withCode.code}: `)
      ? error.message.slice(withCode.code.length + 2)
      : error.message
    return { code: withCode.code, message: firstLine(message) }
  }
  let text = error instanceof Error ? error.message : String(error)
  // errors of custom functions come wrapped: "Custom XPath function Q{…}f raised:\n<message>\n<stack>"
  const wrapped = /^Custom XPath function \S+ raised:\n([^\n]*)/.exec(text)
  if (wrapped) text = wrapped[1]!
  const coded = /\b([A-Z]{4}\d{4})\b:?\s*(.*)/.exec(firstLine(text))
  if (coded) return { code: coded[1]!, message: coded[2]!.trim() }
  if (/^Serialization error/.test(text)) return { code: 'SERE0023', message: firstLine(text) }
  return { code: undefined, message: firstLine(text) }
}

function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? text
  return line.trim()
}
