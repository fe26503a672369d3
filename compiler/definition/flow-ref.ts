/**
 * Flow file references written in the definition (definition.md H1, CC2, CC9, CC18): a non-empty
 * string, resolved against the directory of the file it is written in, or against the site root
 * when it starts with `/`; the file must lie inside the site root and exist.
 */
import { dirname, join, normalize, resolve } from 'node:path'

import type { FlowRef } from '../ir/definition.js'
import type { LoadContext } from './context.js'
import type { DocNode } from './doc-node.js'

/** A flow reference, or 'invalid' when its problem was reported (the level still counts as set, H2). */
export type FlowRefResult = FlowRef | 'invalid'

/** Absolute, normalised path of a flow reference written in `fromPath`. */
export function flowPath(siteRoot: string, fromPath: string, value: string): string {
  return normalize(value.startsWith('/') ? join(siteRoot, value) : resolve(dirname(fromPath), value))
}

/**
 * Resolves the flow file named by `value`, the value of `name` (e.g. `x-svc-flow`,
 * `x-svc-error.flow`), and records it in the flow references.
 */
export function resolveFlowRef(value: DocNode, name: string, ctx: LoadContext): FlowRefResult {
  if (value.kind !== 'scalar' || typeof value.value !== 'string' || value.value.trim() === '') {
    ctx.error('definition/invalid-extension-value', value.loc, `${name} must be a flow file name (a non-empty string)`)
    return 'invalid'
  }
  const path = flowPath(ctx.siteRoot, value.loc.file.path, value.value)
  if (ctx.checkFile(path, value.loc, 'flow file') !== 'ok') return 'invalid'
  return ctx.addFlowRef(path, value.loc)
}
