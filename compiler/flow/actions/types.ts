/** The shape of one action's registry entry (style: one file per element, one registry). */
import type { Loc } from '../../diagnostics/source.js'
import type { ActionInput, ActionKind, ActionNode } from '../../ir/statements.js'
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

/**
 * Locations an action reads that are named inside run-time data rather than in attributes: the body
 * and upload `src` values of request configurations (upstream.md UP-BODY-3), as written (`$body`,
 * `svc://request/content/a`); `computed` when some may only be known at run time.
 */
export type DataLocations = readonly string[] | 'computed'

export interface ActionEntry<K extends ActionKind> {
  /** The element name, the same as the node's `kind`. */
  readonly name: K
  /**
   * The parts of a node that its run reads, besides the `if` attribute, in document order. What is
   * left out here escapes the build-time checks (XC-7) and the analysis of what a build reads
   * (compiler/flow/flow-reads.ts), so every expression, `{expr}` value, input location and
   * template of the node belongs here.
   */
  inputs(node: Extract<ActionNode, { kind: K }>): readonly ActionInput[]
  /** Locations named in the node's run-time data (request configurations); none when absent. */
  dataLocations?(node: Extract<ActionNode, { kind: K }>): DataLocations
  /** Lowers attributes and body; undefined after a reported CE. */
  lower(element: XmlElement, ctx: LowerContext, fields: ActionFields): Extract<ActionNode, { kind: K }> | undefined
}
