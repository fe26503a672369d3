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
  /** How it reads variables, for what a build must provide (compiler/flow/flow-reads.ts). */
  readonly uses: VariableUses
  /** How the expression runs: the compiled fast path, or the engine with a rewritten text. */
  readonly plan: XPathPlan
}

/**
 * How an expression reads variables, decided from its tree (compiler/xpath/variable-uses.ts), the keys
 * of literal `sort()` keys included (FN-sort-2). Every variable of `variables` is in `steps` or `whole`.
 */
export interface VariableUses {
  /** `name/child` for each reference that a child step by name follows: `$request/headers/x` gives `request/headers`. */
  readonly steps: readonly string[]
  /** Variables that some reference may read whole: `$body`, `$request/*`, `$request[1]`, `f($request)`. */
  readonly whole: readonly string[]
  /** The expression climbs from nodes (reverse or sibling axes, `root()`, a path from `/`): a node taken from a variable may lead to the rest of it. */
  readonly climbs: boolean
  /** A `sort()` key computed at run time may read any variable. */
  readonly dynamic: boolean
}

/** Plan of an expression; the XPath stage defines the variants. */
export type XPathPlan = EnginePlan | FastPlan

/** Evaluated by fontoxpath; `text` is the rewritten expression (XP-CMP, XP-AR, XP-PATH rules). */
export interface EnginePlan {
  readonly tier: 'engine'
  readonly text: string
}

/**
 * Evaluated by generated JavaScript (the simple subset of section 12); `text` is the rewritten
 * expression too, which the runtime uses for input the fast path leaves to the engine (XML nodes).
 */
export interface FastPlan {
  readonly tier: 'fast'
  readonly expr: FastExpr
  readonly text: string
}

export type FastComparisonOperator = '=' | '!=' | '<' | '<=' | '>' | '>='
export type FastArithmeticOperator = '+' | '-' | '*' | 'div' | 'idiv' | 'mod'
/** Child step by name or `*`, `@name`/`@*`, `..`, `.` */
export type FastAxis = 'child' | 'attribute' | 'parent' | 'self'
/** Functions of the fast subset (unprefixed calls; `string`, `number`, `concat`, `contains`, `starts-with` are the XP-STR-1 versions). */
export type FastFunctionName =
  'not' | 'string' | 'number' | 'boolean' | 'count' | 'concat' | 'contains' | 'starts-with' | 'true' | 'false'

/** The fast-path expression tree. */
export type FastExpr =
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'variable'; readonly name: string }
  /** `.` (the focus, or the default context item, flows.md F-EXPR-2) */
  | { readonly kind: 'context' }
  /** `/` from the context item */
  | { readonly kind: 'root' }
  | {
      readonly kind: 'step'
      readonly input: FastExpr
      readonly axis: FastAxis
      /** null: any element (`*`, `@*`) or any node (`..`, `.`) */
      readonly name: string | null
      readonly predicates: readonly FastPredicate[]
    }
  /** Predicates on a whole sequence: `$items[1]`, `(a/b)[last()]` */
  | { readonly kind: 'filter'; readonly input: FastExpr; readonly predicates: readonly FastPredicate[] }
  | { readonly kind: 'compare'; readonly op: FastComparisonOperator; readonly left: FastExpr; readonly right: FastExpr }
  | {
      readonly kind: 'arithmetic'
      readonly op: FastArithmeticOperator
      readonly left: FastExpr
      readonly right: FastExpr
    }
  | { readonly kind: 'unary'; readonly negate: boolean; readonly operand: FastExpr }
  | { readonly kind: 'and' | 'or'; readonly left: FastExpr; readonly right: FastExpr }
  | { readonly kind: 'call'; readonly name: FastFunctionName; readonly args: readonly FastExpr[] }

export type FastPredicate =
  | { readonly kind: 'position'; readonly value: number }
  | { readonly kind: 'last' }
  | { readonly kind: 'expr'; readonly expr: FastExpr }
