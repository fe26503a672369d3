/**
 * IR of the test actions (actions.md "Test actions"), only produced for svc-test documents
 * (operations.md TS4). `backend-flow` holds statements of its own and is lowered and emitted like a
 * control element; the other three are actions with a JSON template body.
 */
import type { Loc } from '../diagnostics/source.js'
import type { ActionBase } from './statement-parts.js'
import type { TemplateNode } from './template.js'
import type { XPathNode } from './xpath.js'

/** A compare flag object of an assertion (ACT-assert-4). */
export interface ExpectedFlagsNode {
  readonly file?: string
  readonly mode?: 'text' | 'json'
  readonly contains?: string
  readonly pattern?: string
}

/** One assertion of a static `assert` body, its expression compiled (ACT-assert-1). */
export interface AssertionNode {
  /** The assertion's `[`. */
  readonly loc: Loc
  readonly expr: XPathNode
  readonly expected: string | number | boolean | null | ExpectedFlagsNode
  readonly message: string | null
}

/** `<assert>` (ACT-assert-1..5). */
export interface AssertNode extends ActionBase {
  readonly kind: 'assert'
  /** The assertions of a static body; null when the body is dynamic (`template` then). */
  readonly assertions: readonly AssertionNode[] | null
  readonly template: TemplateNode | null
  /** Site-relative directory of the test file (golden files are relative to it). */
  readonly dir: string
}

/** `<set-env>` (ACT-set-env-1..3). */
export interface SetEnvNode extends ActionBase {
  readonly kind: 'set-env'
  readonly template: TemplateNode
}

/** `<test-request>` (ACT-test-request-1..5). */
export interface TestRequestNode extends ActionBase {
  readonly kind: 'test-request'
  readonly template: TemplateNode
  /** Site-relative directory of the test file (relative body sources). */
  readonly dir: string
}
