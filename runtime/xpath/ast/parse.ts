/**
 * Parsing expression text into the plain XQueryX tree (xpath-functions.md XP-LANG-1, XC-1, section
 * 12): `array(` calls rewritten first (XP-NAME-4), then fontoxpath's `parseScript` in XPath 3.1 mode.
 * Syntax errors come back with the offset in the original text and a short reason (templates.md
 * T-ERR-4: the engine's text without its error code and code frame). XQuery-only constructs, which
 * the engine's parser accepts even in XPath mode, are syntax errors too.
 */
import fx from 'fontoxpath'
import * as slimdom from 'slimdom'

import { rewriteArrayCalls } from './array-call.js'
import { fromXqueryx, walkXqx, type XqxNode } from './xqx-node.js'

export type ParsedExpression =
  | { readonly ok: true; readonly ast: XqxNode }
  | { readonly ok: false; /** Offset in the original text. */ readonly offset: number; readonly reason: string }

/** XQueryX elements that only XQuery produces (XP-LANG-1), with the construct's name for messages. */
const XQUERY_ONLY: ReadonlyMap<string, string> = new Map([
  ['elementConstructor', 'element constructors'],
  ['computedElementConstructor', 'element constructors'],
  ['computedAttributeConstructor', 'attribute constructors'],
  ['computedDocumentConstructor', 'document constructors'],
  ['computedTextConstructor', 'text constructors'],
  ['computedCommentConstructor', 'comment constructors'],
  ['computedPIConstructor', 'processing-instruction constructors'],
  ['computedNamespaceConstructor', 'namespace constructors'],
  ['whereClause', '"where" clauses'],
  ['orderByClause', '"order by" clauses'],
  ['groupByClause', '"group by" clauses'],
  ['countClause', '"count" clauses'],
  ['windowClause', 'window clauses'],
  ['switchExpr', '"switch" expressions'],
  ['typeswitchExpr', '"typeswitch" expressions'],
  ['insertExpr', 'update expressions'],
  ['deleteExpr', 'update expressions'],
  ['renameExpr', 'update expressions'],
  ['replaceExpr', 'update expressions'],
  ['transformExpr', 'update expressions'],
  ['validateExpr', '"validate" expressions'],
  ['extensionExpr', 'extension expressions'],
  ['orderedExpr', '"ordered" expressions'],
  ['unorderedExpr', '"unordered" expressions'],
  ['stringConstructor', 'string constructors'],
  ['positionalVariableBinding', '"at" variables'],
])

/** Parses `text` (the expression as written). */
export function parseExpressionText(text: string): ParsedExpression {
  const rewritten = rewriteArrayCalls(text)
  let element: unknown
  try {
    element = parse(rewritten.text, true)
  } catch (error) {
    try {
      // the engine's static typing raises type errors (`'5' + 1`) that the gateway's rules avoid:
      // parse again without type annotations
      if (isSyntaxError(error)) throw error
      element = parse(rewritten.text, false)
    } catch (syntaxError) {
      const { offset, reason } = describeSyntaxError(syntaxError, rewritten.text)
      return { ok: false, offset: rewritten.offsets[Math.min(offset, rewritten.offsets.length - 1)] ?? 0, reason }
    }
  }
  const module = fromXqueryx(element as Parameters<typeof fromXqueryx>[0])
  const main = module.children.find((c) => c.tag === 'mainModule')
  const body = main?.children.find((c) => c.tag === 'queryBody')?.children[0]
  const start = firstNonWhitespace(text)
  if (main === undefined || body === undefined || main.children.some((c) => c.tag === 'prolog')) {
    return { ok: false, offset: start, reason: 'declarations are not available in expressions' }
  }
  let xqueryOnly: string | undefined
  walkXqx(body, (node) => {
    xqueryOnly ??= XQUERY_ONLY.get(node.tag)
  })
  if (xqueryOnly !== undefined) return { ok: false, offset: start, reason: `${xqueryOnly} are not available in XPath` }
  return { ok: true, ast: body }
}

function parse(text: string, annotateAst: boolean): unknown {
  return fx.parseScript(text, { language: fx.evaluateXPath.XPATH_3_1_LANGUAGE, annotateAst }, new slimdom.Document())
}

function isSyntaxError(error: unknown): boolean {
  return error instanceof Error && /XPST0003/.test(error.message)
}

function firstNonWhitespace(text: string): number {
  const at = text.search(/\S/)
  return at < 0 ? 0 : at
}

/** Offset and short reason of a parseScript error. */
function describeSyntaxError(error: unknown, text: string): { offset: number; reason: string } {
  const position = (error as { position?: { start?: { offset?: number } } }).position
  const offset = typeof position?.start?.offset === 'number' ? position.start.offset : firstNonWhitespace(text)
  const message = error instanceof Error ? error.message : String(error)
  return { offset, reason: shortReason(message, text, offset) }
}

/** `expected end of input`; a long list of expected tokens becomes `unexpected "]"` / `unexpected end of input`. */
export function shortReason(message: string, text: string, offset: number): string {
  const line = message.split('\n').find((l) => /XPST\d{4}:/.test(l)) ?? message.split('\n')[0] ?? ''
  let reason = line
    .replace(/^.*?XPST\d{4}:\s*/, '')
    .replace(/^Failed to parse script\.\s*/, '')
    .trim()
  const expected = /^Expected (.*)$/.exec(reason)
  if (expected && expected[1]!.split(',').length > 4) {
    const at = text.slice(offset).match(/^\s*(\S)/)
    reason = at ? `unexpected "${at[1]}"` : 'unexpected end of input'
  }
  if (reason === '') reason = 'invalid expression'
  return reason[0]!.toLowerCase() + reason.slice(1)
}
