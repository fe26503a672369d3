/**
 * UP-POOL-2 at build time: in a definition with `x-svc-upstreams`, a literal request URL (in
 * `request`, `requests`, `proxy-request` and `x-svc-proxy`) whose host reads as a pool name (a single
 * label other than `localhost`, no port) must name one of its pools; a misspelt pool would otherwise
 * be looked up in DNS at run time. Without pools such hosts are ordinary names (a container's service
 * name, say) and are not checked; with pools, a fully qualified name or a non-default port reaches
 * such a server. URLs computed at run time are not checked.
 */
import { looksLikePoolName } from '../../runtime/upstream/pools/names.js'
import { JsonObject, type JsonValue } from '../../runtime/values/json-value.js'
import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import { suggest } from '../diagnostics/did-you-mean.js'
import type { Loc } from '../diagnostics/source.js'
import type { DefinitionNode, HandlerNode } from '../ir/definition.js'
import type { FlowNode } from '../ir/flow.js'
import type { StatementNode } from '../ir/statements.js'
import type { TemplateNode } from '../ir/template.js'
import { forEachStatement } from '../validate/walk.js'

export function checkPoolHosts(
  definition: DefinitionNode,
  flows: ReadonlyMap<string, FlowNode>,
  bag: DiagnosticBag,
): void {
  const pools = definition.upstreamPools.map((pool) => pool.name)
  if (pools.length === 0) return
  const check = (url: unknown, loc: Loc): void => {
    if (typeof url !== 'string') return
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      return
    }
    const host = parsed.hostname
    if (parsed.port !== '' || !looksLikePoolName(host) || pools.includes(host)) return
    const hint = suggest(host, pools, (name) => name)
    bag.error(
      'upstream/unknown-pool',
      loc,
      `${url}: ${JSON.stringify(host)} names no pool of x-svc-upstreams (a server of that name needs its fully qualified name or a port other than the default)${hint.suffix}`,
      undefined,
      hint.names,
    )
  }
  const staticConfigs = (template: TemplateNode | null, several: boolean): void => {
    if (template === null || !template.isStatic) return
    const value = template.staticJson
    const loc = template.body[0]?.loc ?? template.loc
    const configs: (JsonValue | undefined)[] = several && value instanceof JsonObject ? [...value.values] : [value]
    for (const config of configs) if (config instanceof JsonObject) check(config.get('url'), loc)
  }
  const statement = (node: StatementNode): void => {
    switch (node.kind) {
      case 'request': {
        const url = node.url?.parts.every((part) => typeof part === 'string') ? node.url.parts.join('') : undefined
        if (url !== undefined) check(url, node.url!.loc)
        staticConfigs(node.template, false)
        return
      }
      case 'proxy-request':
        staticConfigs(node.template, false)
        return
      case 'requests':
        staticConfigs(node.template, true)
        return
      default:
        return
    }
  }
  for (const flow of flows.values()) forEachStatement(flow.body, statement)
  const handler = (node: HandlerNode | null): void => {
    if (node?.kind !== 'proxy' || node.config.kind !== 'object') return
    for (const [name, value] of node.config.members)
      if ((name === 'url' || name === 'origin') && value.kind === 'json') check(value.value, node.loc)
  }
  for (const route of definition.routes) {
    handler(route.handler)
    for (const operation of route.operations ?? []) handler(operation.handler)
  }
}
