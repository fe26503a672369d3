/**
 * Statements and actions of a flow body (flows.md sections 1-3, actions.md). Produced by
 * compiler/flow, read by compiler/validate and compiler/emit. Every node has `kind` (the element
 * name), `loc` (the `<` of its start tag, F-DOC-9) and `tag` (its start tag as written, whitespace
 * collapsed, for the source comments of generated code).
 */
import type { Loc } from '../diagnostics/source.js'
import type { CopyNode, NameshaveNode, PassBodyNode, RegexNode, ServeNode, XsltNode } from './content-actions.js'
import type { AuthNode, DebugNode, SetConfigNode } from './gateway-actions.js'
import type { ActionBase, LocationNode, StatementBase, TextValue, VariableRef } from './statement-parts.js'
import type { TemplateNode } from './template.js'
import type { AssertNode, SetEnvNode, TestRequestNode } from './test-actions.js'
import type { ProxyRequestNode, RequestNode, RequestsNode } from './upstream.js'
import type { XPathNode } from './xpath.js'

export type { ActionBase, LocationNode, StatementBase, TextValue, VariableRef } from './statement-parts.js'

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

/** `<template in out src check>` (ACT-template-1..5, templates.md T-CHK). */
export interface TemplateActionNode extends ActionBase {
  readonly kind: 'template'
  /** The `in` location (the main content when absent); null for `in=""`, no input (T-CTX-1). */
  readonly input: LocationNode | null
  /** The `out` location: a variable or a content location (the main content when absent). */
  readonly output: LocationNode
  /** The body, or the `src` file's template (T-SRC-1); an empty template when neither. */
  readonly template: TemplateNode
  readonly check: boolean
}

/** `<set-response-headers in src status>` (ACT-set-response-headers-1..5). */
export interface SetResponseHeadersNode extends ActionBase {
  readonly kind: 'set-response-headers'
  readonly input: LocationNode
  /** Null when the action has neither body nor `src` (only `status` applies). */
  readonly template: TemplateNode | null
  readonly status: TextValue | null
}

/** `<log>` (ACT-log-1..5, operations.md LG4). */
export interface LogNode extends ActionBase {
  readonly kind: 'log'
  readonly template: TemplateNode
}

/** `<error status>TEMPLATE</error>` (ACT-error-1..5): raises an error, so it ends the run. */
export interface ErrorNode extends ActionBase {
  readonly kind: 'error'
  /** The body; null when it is empty or white space (`{}`, ACT-error-1). */
  readonly template: TemplateNode | null
  readonly status: TextValue | null
}

export type ActionNode =
  | EvalNode
  | EchoNode
  | DumpNode
  | SetStatusNode
  | SubFlowNode
  | TemplateActionNode
  | SetResponseHeadersNode
  | LogNode
  | RequestNode
  | RequestsNode
  | ProxyRequestNode
  | ErrorNode
  | CopyNode
  | RegexNode
  | NameshaveNode
  | PassBodyNode
  | ServeNode
  | XsltNode
  | AuthNode
  | SetConfigNode
  | DebugNode
  | AssertNode
  | SetEnvNode
  | TestRequestNode
export type ActionKind = ActionNode['kind']

/** `<backend-flow request>` (ACT-backend-flow-1..6): a flow registered, not run, where it stands. */
export interface BackendFlowNode extends StatementBase {
  readonly kind: 'backend-flow'
  /** The `if` attribute (F-CTL-6). */
  readonly condition: XPathNode | null
  readonly debug: readonly string[]
  /** The request ID it answers; null: the catch-all. */
  readonly request: string | null
  readonly body: readonly StatementNode[]
}

/**
 * A part of an action node that its run reads: an expression, an attribute value with `{expr}`
 * parts, an input location (static or computed) or a template; null for an absent one. Each action
 * lists its parts in compiler/flow/actions (ACTIONS `inputs`); the checks (XC-7) and the read
 * analysis of a build walk them.
 */
export type ActionInput = XPathNode | TextValue | LocationNode | TemplateNode | null

/** `backend-flow` holds statements like a control element (compiler/flow/backend-flow.ts). */
export type StatementNode = IfNode | BreakNode | ReturnNode | ActionNode | BackendFlowNode
export type StatementKind = StatementNode['kind']
