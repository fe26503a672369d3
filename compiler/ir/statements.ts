/** Statements and actions of a flow body; filled in by the flow stage. */
import type { Loc } from '../diagnostics/source.js'

export interface StatementBase {
  readonly loc: Loc
}

export type StatementNode = StatementBase & { readonly kind: string }
