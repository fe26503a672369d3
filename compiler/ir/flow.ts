/**
 * IR of flow documents (flows.md, actions.md). Produced by compiler/flow, consumed by the checks and
 * compiler/emit. The flow stage owns the statement and action node types below `StatementNode`.
 */
import type { Loc, SourceFile } from '../diagnostics/source.js'
import type { StatementNode } from './statements.js'
import type { VariableUses } from './xpath.js'

export type { StatementNode } from './statements.js'

export interface FlowNode {
  readonly kind: 'flow'
  /** The root element's `<`. */
  readonly loc: Loc
  readonly file: SourceFile
  /** `flow`, or `svc-test` for test documents (F-DOC-2). */
  readonly root: 'flow' | 'svc-test'
  readonly body: readonly StatementNode[]
  /** Absolute paths of the flows that `sub-flow` actions of this file call. */
  readonly subFlows: readonly string[]
  /** What the body reads by name (compiler/flow/flow-reads.ts), for the emitter. */
  readonly reads: VariableUses
  /**
   * Names (without `$`) of the variables that `out` attributes of this file set, including those of
   * actions dropped after a compile error (so the XC-7 check does not add noise to an error).
   */
  readonly assigned?: readonly string[]
}
