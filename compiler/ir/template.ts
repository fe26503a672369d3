/**
 * IR of one JSON template (templates.md sections 2-10). Produced by compiler/template from the template
 * text (an action body or a `src` file, T-SRC-1), consumed by compiler/emit/template and by the actions
 * whose bodies are templates (actions.md ACT-COMMON-3). Comments (T-CMD-3) leave no node; literal text
 * runs around them are merged. Every node's `loc` is the `{{` of its command (T-ERR, T-RUN-2), or the
 * first significant character of a literal text.
 */
import type { JsonValue } from '../../runtime/values/json-value.js'
import type { Loc } from '../diagnostics/source.js'
import type { XPathNode } from './xpath.js'

export interface TemplateNode {
  readonly kind: 'template'
  /** The template text, from its first character to its end (in the flow file, or the `src` file, T-SRC-3). */
  readonly loc: Loc
  readonly body: readonly TemplatePart[]
  /**
   * True when the output cannot depend on anything: the template holds only literal text and comments
   * (ACT-COMMON-3 "no placeholders or commands").
   */
  readonly isStatic: boolean
  /** For a static template: its output after T-WS-2 (what every run produces). */
  readonly staticText?: string
  /** For a static template whose output is valid JSON (OXN-12, OXN-13): the parsed value. */
  readonly staticJson?: JsonValue
  /** For a static template whose non-empty output is not valid JSON: where and why (T-CHK-4 wording). */
  readonly staticError?: { readonly loc: Loc; readonly message: string }
  /** Names (without `$`) of the template-local variables it assigns (T-VAR-1). */
  readonly assigned: readonly string[]
}

/** An expression of a command: one operand, or several joined by `??` (T-EXPR-2). */
export interface TemplateExpr {
  /** The `{{` of the command the expression belongs to. */
  readonly loc: Loc
  /** At least one operand, in order. */
  readonly operands: readonly XPathNode[]
}

/** Literal text, copied unchanged (T-LEX-1, T-ESC-2, T-WS-1). */
export interface TemplateTextNode {
  readonly kind: 'text'
  /** The first significant (non-whitespace) character; the text's start when it is all whitespace. */
  readonly loc: Loc
  readonly text: string
}

/** `{{ expr }}` (T-CMD-1). */
export interface TemplateValueNode {
  readonly kind: 'value'
  readonly loc: Loc
  readonly expr: TemplateExpr
}

/** `{{.}}` (T-CMD-2). */
export interface TemplateDotNode {
  readonly kind: 'dot'
  readonly loc: Loc
}

/** `{{,}}` (T-CMD-4). */
export interface TemplateCommaNode {
  readonly kind: 'comma'
  readonly loc: Loc
}

/** `{{: expr }}` (T-CMD-5, T-PAIR). */
export interface TemplatePairsNode {
  readonly kind: 'pairs'
  readonly loc: Loc
  readonly expr: TemplateExpr
}

/** `{{$name := expr}}` (T-CMD-6, T-VAR). */
export interface TemplateAssignNode {
  readonly kind: 'assign'
  readonly loc: Loc
  /** Without `$`. */
  readonly name: string
  readonly expr: TemplateExpr
}

/** One `{{if}}` or `{{elseif}}` branch. */
export interface TemplateBranch {
  readonly loc: Loc
  readonly test: TemplateExpr
  readonly body: readonly TemplatePart[]
}

/** An `{{else}}` block. */
export interface TemplateElse {
  readonly loc: Loc
  readonly body: readonly TemplatePart[]
}

/** `{{if}} … {{elseif}} … {{else}} … {{end}}` (T-IF). */
export interface TemplateIfNode {
  readonly kind: 'if'
  readonly loc: Loc
  readonly branches: readonly TemplateBranch[]
  readonly otherwise: TemplateElse | null
}

/** `{{loop expr}} … {{end}}` (T-LOOP). */
export interface TemplateLoopNode {
  readonly kind: 'loop'
  readonly loc: Loc
  readonly expr: TemplateExpr
  readonly body: readonly TemplatePart[]
}

/** `{{with expr}} … {{else}} … {{end}}` (T-WITH). */
export interface TemplateWithNode {
  readonly kind: 'with'
  readonly loc: Loc
  readonly expr: TemplateExpr
  readonly body: readonly TemplatePart[]
  readonly otherwise: TemplateElse | null
}

export type TemplatePart =
  | TemplateTextNode
  | TemplateValueNode
  | TemplateDotNode
  | TemplateCommaNode
  | TemplatePairsNode
  | TemplateAssignNode
  | TemplateIfNode
  | TemplateLoopNode
  | TemplateWithNode

export type TemplatePartKind = TemplatePart['kind']
