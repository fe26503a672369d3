/**
 * The pieces generated code builds a compiled template from (templates.md T-SRC-2): the site of the
 * action holding it, literal text prepared once at module load (`templateText`, with the facts the
 * comma rule T-COM-3 needs) and `??` chains (`coalesce`, T-EXPR-2). Kept apart from
 * compiled-template.ts, which re-exports them, because the TemplateRun that writes the output reads
 * them too.
 */
import type { CompiledExpression } from '../xpath/compiled-expression.js'

export interface TemplateSite {
  /** `flows/x.xml:3:5` of the action holding the template. */
  readonly at: string
  /** The action's element name (`template`, `request`, …). */
  readonly action: string
}

/**
 * A piece of literal template text (T-LEX-1) with what the comma rule needs (T-COM-1, T-COM-3): the
 * index of its first significant character (-1 when it is all whitespace), that character, and the
 * last significant character (char codes).
 */
export interface TemplateText {
  readonly text: string
  /** The text with a comma before its first significant character (T-COM-3), made once. */
  readonly withComma: string
  readonly first: number
  readonly firstCode: number
  readonly lastCode: number
}

/** JSON whitespace (T-COM-1: space, tab, CR, LF). */
export function isJsonWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d
}

/** Prepares a literal text piece once, at module load. */
export function templateText(text: string): TemplateText {
  let first = 0
  while (first < text.length && isJsonWhitespace(text.charCodeAt(first))) first++
  if (first === text.length) return Object.freeze({ text, withComma: text, first: -1, firstCode: 0, lastCode: 0 })
  let last = text.length - 1
  while (isJsonWhitespace(text.charCodeAt(last))) last--
  const withComma = text.slice(0, first) + ',' + text.slice(first)
  return Object.freeze({ text, withComma, first, firstCode: text.charCodeAt(first), lastCode: text.charCodeAt(last) })
}

/** `a ?? b ?? c` (T-EXPR-2): the operands in order, all compiled for the same command. */
export class Coalesce {
  constructor(readonly operands: readonly CompiledExpression[]) {
    Object.freeze(this)
  }
}

/** A `??` chain of two or more operands (generated code: `const COALESCE_1 = coalesce(XPATH_1, XPATH_2)`). */
export function coalesce(...operands: CompiledExpression[]): Coalesce {
  return new Coalesce(Object.freeze(operands))
}

/** The expression of a template command: one compiled expression or a `??` chain. */
export type TemplateExpression = CompiledExpression | Coalesce

/** The compiled expression whose site (`at`, `action`) stands for the command (T-RUN-2). */
export function commandSite(expr: TemplateExpression): CompiledExpression {
  return expr instanceof Coalesce ? expr.operands[0]! : expr
}
