/**
 * Statements and actions of a flow body (flows.md sections 1-3, actions.md). Produced by
 * compiler/flow, read by compiler/validate and compiler/emit. Every node has `kind` (the element
 * name), `loc` (the `<` of its start tag, F-DOC-9) and `tag` (its start tag as written, whitespace
 * collapsed, for the source comments of generated code).
 */
import type { Loc } from '../diagnostics/source.js'
import type { XPathNode } from './xpath.js'

export interface StatementBase {
  readonly loc: Loc
  /** The start tag as written, e.g. `<eval out="$name">`. */
  readonly tag: string
}

/** A variable named by an `out` attribute (F-VAR-1); `name` without `$`. */
export interface VariableRef {
  readonly kind: 'variable'
  /** The attribute's name. */
  readonly loc: Loc
  readonly name: string
}

/**
 * An attribute value that may hold `{expr}` parts (F-EXPR-4). A static value has only string parts
 * (braces already unescaped); `loc` is the attribute's name.
 */
export interface TextValue {
  readonly kind: 'text'
  readonly loc: Loc
  /** Literal text and expressions in order; adjacent literals are merged, empty ones dropped. */
  readonly parts: readonly (string | XPathNode)[]
}

/** A location of F-LOC-1, parsed at compile time when static. */
export type LocationNode =
  | { readonly kind: 'variable'; readonly loc: Loc; readonly name: string }
  | { readonly kind: 'main-content'; readonly loc: Loc }
  | { readonly kind: 'upstream-content'; readonly loc: Loc; readonly id: string }
  | { readonly kind: 'empty-document'; readonly loc: Loc }
  /** `path` is site-relative and normalised (F-LOC-2). */
  | { readonly kind: 'file'; readonly loc: Loc; readonly path: string }
  /** Parsed at run time relative to `dir` (the flow file's site-relative directory). */
  | { readonly kind: 'dynamic'; readonly loc: Loc; readonly value: TextValue; readonly dir: string }

// ---- control statements (F-CTL) ----

export interface ConditionalBlock extends StatementBase {
  /** `if` or `elseif`. */
  readonly element: 'if' | 'elseif'
  readonly test: XPathNode
  readonly body: readonly StatementNode[]
}

export interface ElseBlock extends StatementBase {
  readonly body: readonly StatementNode[]
}

/** An `if` chain (F-CTL-4): the `if`, its `elseif`s in order, and the optional `else`. */
export interface IfNode extends StatementBase {
  readonly kind: 'if'
  readonly branches: readonly ConditionalBlock[]
  readonly otherwise: ElseBlock | null
}

/** `<break/>` (F-CTL-7); `condition` is its `if` attribute (F-CTL-6). */
export interface BreakNode extends StatementBase {
  readonly kind: 'break'
  readonly condition: XPathNode | null
}

/** `<return/>` (F-CTL-8). */
export interface ReturnNode extends StatementBase {
  readonly kind: 'return'
  readonly condition: XPathNode | null
}

// ---- actions (actions.md) ----

/** What every action has (ACT-COMMON-1). */
export interface ActionBase extends StatementBase {
  /** The `if` attribute (F-CTL-6). */
  readonly condition: XPathNode | null
  /** Valid topics of the `debug` attribute (F-DBG-1). */
  readonly debug: readonly string[]
}

/** `<eval out="$x">EXPR</eval>` (ACT-eval-1..3). */
export interface EvalNode extends ActionBase {
  readonly kind: 'eval'
  readonly out: VariableRef | null
  readonly expr: XPathNode
}

/** `<echo mime status>TEXT</echo>` (ACT-echo-1..4); terminating. */
export interface EchoNode extends ActionBase {
  readonly kind: 'echo'
  readonly text: string
  /** Null when absent or statically empty (F-RESP-5 step 1). */
  readonly mime: TextValue | null
  readonly status: TextValue | null
}

/** `<dump in mime status minify/>` (ACT-dump-1..5); terminating. */
export interface DumpNode extends ActionBase {
  readonly kind: 'dump'
  /** The `in` location; the main content when the attribute is absent. */
  readonly input: LocationNode
  readonly mime: TextValue | null
  readonly status: TextValue | null
}

/** `<set-status code/>` (ACT-set-status-1..3). */
export interface SetStatusNode extends ActionBase {
  readonly kind: 'set-status'
  readonly code: TextValue
}

/** `<sub-flow src/>` (ACT-sub-flow-1..5). */
export interface SubFlowNode extends ActionBase {
  readonly kind: 'sub-flow'
  /** Absolute, normalised path of the called flow file. */
  readonly path: string
  /** The `src` attribute's name. */
  readonly srcLoc: Loc
}

export type ActionNode = EvalNode | EchoNode | DumpNode | SetStatusNode | SubFlowNode
export type ActionKind = ActionNode['kind']

export type StatementNode = IfNode | BreakNode | ReturnNode | ActionNode
export type StatementKind = StatementNode['kind']
