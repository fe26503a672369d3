/**
 * The handler set at one level (operation, path, `paths`, top; definition.md H1-H4, CC8): an
 * `x-svc-flow`, or an `x-svc-proxy` (PX1-PX9, checked by compiler/upstream).
 */
import type { FlowRef } from '../ir/definition.js'
import type { ProxyHandlerNode } from '../ir/definition.js'
import type { LoadContext } from './context.js'
import { entryOf, type MapNode } from './doc-node.js'
import type { ExtensionScan } from './extensions.js'
import { resolveFlowRef } from './flow-ref.js'
import { loadProxyExtension } from './proxy-extension.js'

/** What a level sets: a flow, a proxy, something already reported as invalid, or nothing (null). */
export type LevelHandler =
  | { readonly kind: 'flow'; readonly ref: FlowRef }
  | { readonly kind: 'proxy'; readonly node: ProxyHandlerNode }
  | { readonly kind: 'invalid' }
  | null

/**
 * Reads `x-svc-flow` / `x-svc-proxy` of `node`, when recognized (by the extension table) at this
 * level. A level with a misspelled `x-svc-flow` (an unknown key close to it) counts as set, so no
 * missing-handler warning follows from the error already reported (CC24).
 */
export function loadLevelHandler(node: MapNode, scan: ExtensionScan, ctx: LoadContext): LevelHandler {
  const recognized = scan.recognized
  const flow = recognized.has('x-svc-flow') ? entryOf(node, 'x-svc-flow') : undefined
  const proxy = recognized.has('x-svc-proxy') ? entryOf(node, 'x-svc-proxy') : undefined
  if (flow !== undefined && proxy !== undefined) {
    const later = flow.keyLoc.start > proxy.keyLoc.start ? flow : proxy
    ctx.error('definition/flow-and-proxy', later.keyLoc, 'x-svc-flow and x-svc-proxy cannot be combined')
    return { kind: 'invalid' }
  }
  if (proxy !== undefined) {
    const node = loadProxyExtension(proxy, ctx)
    return node === undefined ? { kind: 'invalid' } : { kind: 'proxy', node }
  }
  if (flow === undefined) return scan.unknownHandler ? { kind: 'invalid' } : null
  const ref = resolveFlowRef(flow.value, 'x-svc-flow', ctx)
  return ref === 'invalid' ? { kind: 'invalid' } : { kind: 'flow', ref }
}

/** H2/H3: the first level, most specific first, that sets a handler. */
export function effectiveHandler(levels: readonly LevelHandler[]): LevelHandler {
  for (const level of levels) if (level !== null) return level
  return null
}
