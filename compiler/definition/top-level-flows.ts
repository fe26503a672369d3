/**
 * Top-level flows other than handlers (definition.md H7, H9, H10, D23, CC2, CC9, CC22;
 * errors.md EF1): `x-svc-init` and `x-svc-error` take a flow file or `{flow: <file>}`,
 * `x-svc-default-flow` a flow file; without it, `conf/flow.xml` is the default flow when basePath
 * is not `/`.
 */
import { join } from 'node:path'

import { suggest } from '../diagnostics/did-you-mean.js'
import { locAt } from '../diagnostics/source.js'
import type { FlowRef } from '../ir/definition.js'
import type { LoadContext } from './context.js'
import { quote } from './doc-node.js'
import { type DocNode, entryOf, missingKeyLoc } from './doc-node.js'
import { resolveFlowRef } from './flow-ref.js'

/** `x-svc-init` / `x-svc-error`: a flow file, or an object whose only property is `flow`. */
export function loadFlowExtension(name: string, node: DocNode, ctx: LoadContext): FlowRef | null {
  let value = node
  if (node.kind === 'map') {
    const flow = entryOf(node, 'flow')
    const unknown = node.entries.filter((entry) => entry.key !== 'flow')
    for (const entry of unknown) {
      const hint = suggest(entry.key, ['flow'], quote)
      ctx.error(
        'definition/invalid-extension-value',
        entry.keyLoc,
        `unknown property "${entry.key}" in ${name}${hint.suffix}`,
        hint.names,
      )
    }
    if (flow === undefined) {
      // a misspelled `flow` is reported once, as the unknown property (CC24)
      if (unknown.length === 0)
        ctx.error('definition/invalid-extension-value', missingKeyLoc(node), `${name}.flow is required`)
      return null
    }
    value = flow.value
    name = `${name}.flow`
  } else if (node.kind !== 'scalar' || typeof node.value !== 'string') {
    ctx.error('definition/invalid-extension-value', node.loc, `${name} must be a flow file name or an object with flow`)
    return null
  }
  const ref = resolveFlowRef(value, name, ctx)
  return ref === 'invalid' ? null : ref
}

/**
 * The conventional default flow (D23): `conf/flow.xml` below the site root, used when no
 * `x-svc-default-flow` is set and basePath is not `/`; a note says so.
 */
export function conventionalDefaultFlow(basePath: string, ctx: LoadContext): FlowRef | null {
  if (basePath === '/' || ctx.definitionFile === null) return null
  const path = join(ctx.siteRoot, 'conf', 'flow.xml')
  if (!ctx.fileIsUsable(path)) return null
  const loc = locAt(ctx.definitionFile, 0)
  ctx.bag.note('definition/conventional-default-flow', loc, 'using conf/flow.xml as the default flow')
  return ctx.addFlowRef(path, loc)
}
