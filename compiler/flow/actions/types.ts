/** The shape of one action's parser (style: one file per element, one registry). */
import type { Loc } from '../../diagnostics/source.js'
import type { ActionKind, ActionNode } from '../../ir/statements.js'
import type { XPathNode } from '../../ir/xpath.js'
import type { LowerContext } from '../lower-context.js'
import type { XmlElement } from '../parse-xml.js'

/** Fields every action node gets, already lowered by the caller (ACT-COMMON-1). */
export interface ActionFields {
  readonly loc: Loc
  readonly tag: string
  readonly condition: XPathNode | null
  readonly debug: readonly string[]
}

export interface ActionSyntax<K extends ActionKind> {
  /** The action's own attributes (besides `if` and `debug`), as in its actions.md table. */
  readonly attributes: readonly string[]
  readonly required?: readonly string[]
  /** Lowers attributes and body; undefined after a reported CE. */
  lower(element: XmlElement, ctx: LowerContext, fields: ActionFields): Extract<ActionNode, { kind: K }> | undefined
}
