/**
 * IR of one expression (xpath-functions.md). Produced by compiler/xpath from the expression text,
 * consumed by compiler/emit/xpath. Everything below `plan` is owned by the XPath stage.
 */
import type { Loc } from '../diagnostics/source.js'

export interface XPathNode {
  readonly kind: 'xpath'
  /** First non-whitespace character of the expression in its file (flows.md F-DOC-9). */
  readonly loc: Loc
  /** The expression as written (after XML decoding). */
  readonly source: string
  /** Names (without `$`) of the variables the expression reads, for XC-7 and for the engine. */
  readonly variables: readonly string[]
  /** How the expression runs: the compiled fast path, or the engine with a rewritten text. */
  readonly plan: XPathPlan
}

/** Plan of an expression; the XPath stage defines the variants. */
export type XPathPlan = EnginePlan | FastPlan

/** Evaluated by fontoxpath; `text` is the rewritten expression (XP-CMP, XP-AR, XP-PATH rules). */
export interface EnginePlan {
  readonly tier: 'engine'
  readonly text: string
}

/** Evaluated by generated JavaScript (the simple subset of the foundation issue). */
export interface FastPlan {
  readonly tier: 'fast'
  readonly expr: unknown
}
