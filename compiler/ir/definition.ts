/**
 * IR of the definition (definition.md): the routing table and the flows it binds. Produced by
 * compiler/definition, consumed by the checks and by compiler/emit.
 */
import type { Loc, SourceFile } from '../diagnostics/source.js'

/** Upper-case HTTP methods of Swagger 2.0 operations, in the order of definition.md MA2. */
export const OPERATION_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH'] as const
export type OperationMethod = (typeof OPERATION_METHODS)[number]

/** A reference to a flow file, written at `loc`. `path` is absolute and normalised. */
export interface FlowRef {
  readonly kind: 'flow-ref'
  readonly loc: Loc
  readonly path: string
}

/** What handles a routed request (definition.md H2). Proxies come with the upstream issue. */
export type HandlerNode = FlowRef

export type PathSegment = { readonly kind: 'literal'; readonly value: string } | { readonly kind: 'param'; readonly name: string }

export interface OperationNode {
  readonly kind: 'operation'
  readonly loc: Loc
  readonly method: OperationMethod
  /** Effective handler after the precedence of H2/H3; null when none (H5). */
  readonly handler: HandlerNode | null
}

export interface RouteNode {
  readonly kind: 'route'
  /** The key in `paths`. */
  readonly loc: Loc
  readonly pattern: string
  /** Segments before `/**` for a wildcard route, all segments otherwise (definition.md P10-P13). */
  readonly segments: readonly PathSegment[]
  readonly wildcard: boolean
  /** Listed operations in MA2 order; null when the path lists none (P4, D4). */
  readonly operations: readonly OperationNode[] | null
  /** Effective handler for a route without operations; null when none. */
  readonly handler: HandlerNode | null
}

export interface DefinitionNode {
  readonly kind: 'definition'
  readonly file: SourceFile
  /** Directory of the definition file (the site root). */
  readonly siteRoot: string
  /** Normalised basePath: '/' or '/x' without trailing slash (P6). */
  readonly basePath: string
  readonly routes: readonly RouteNode[]
  readonly initFlow: FlowRef | null
  readonly errorFlow: FlowRef | null
  readonly defaultFlow: FlowRef | null
  /** Every flow file the definition references, each once, in order of first reference. */
  readonly flowRefs: readonly FlowRef[]
}
