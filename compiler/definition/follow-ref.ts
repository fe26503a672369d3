/**
 * Follows the `$ref` of a parameter or response object (definition.md D13): the node to read and
 * its JSON pointer, the object itself when it has no `$ref`, or null when the reference is unusable
 * (already reported, CC12).
 */
import type { LoadContext } from './context.js'
import { type DocNode, valueOf } from './doc-node.js'

export interface Followed {
  readonly node: DocNode
  readonly pointer: string
}

export function followRef(node: DocNode, pointer: string, ctx: LoadContext): Followed | null {
  const ref = node.kind === 'map' ? valueOf(node, '$ref') : undefined
  if (ref === undefined) return { node, pointer }
  if (ref.kind !== 'scalar' || typeof ref.value !== 'string') {
    ctx.error('definition/invalid-ref', ref.loc, '$ref must be a string')
    return null
  }
  const resolved = ctx.store.resolve(ref, ref.loc.file)
  return resolved === undefined ? null : { node: resolved.node, pointer: resolved.pointer }
}
