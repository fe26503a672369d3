/**
 * Emits the body of `src/routes.ts`: `export const ROUTES: RouteTable`, built once at module load by
 * `createRouteTable` from plain route data (definition.md section 5, P1-P17; handlers per H2/H3).
 * Routes are sorted by pattern, one per line, each after a comment with its pattern and position in
 * the definition; handlers are hoisted `HANDLER_n` constants shared by content (`x-svc-proxy`
 * handlers `PROXY_n`, emit/proxy-handler.ts). Each handler lists the pipeline stages that apply to its
 * operation (analysis/operation-stages.ts), so a request runs only those.
 */
import type { OperationStageName } from '../../runtime/context/handler.js'
import { operationStages, type StageFacts, stageFacts } from '../analysis/operation-stages.js'
import { StreamingAnalysis } from '../analysis/streaming.js'
import type { DefinitionNode, HandlerNode, PathSegment, RouteNode } from '../ir/definition.js'
import type { FlowNode } from '../ir/flow.js'
import { Code, comment, joinCode, js, lit, unsafeCode } from './code.js'
import type { EmitContext } from './context.js'
import { proxyHandlerCode } from './proxy-handler.js'

function segmentCode(segment: PathSegment): Code {
  return segment.kind === 'literal' ? lit(segment.value) : js`{ param: ${lit(segment.name)} }`
}

function handlerCode(
  handler: HandlerNode | null,
  ctx: EmitContext,
  streaming: StreamingAnalysis,
  stages: readonly OperationStageName[],
): Code {
  if (handler === null) return lit(null)
  if (handler.kind === 'proxy') return proxyHandlerCode(handler, ctx, streaming.proxyStreamsBody(handler), stages)
  const run = ctx.flowFunction(handler.path)
  // UP-GEN-6 step 2: the client body may be streamed to the flow's final proxy-request
  const stream = streaming.flowStreamsBody(handler) ? js`streamRequestBody: true, ` : js``
  return ctx.hoist(
    'HANDLER',
    js`${ctx.runtime('flowHandler')}(${lit(ctx.sitePath(handler.path))}, ${run}, { ${stream}stages: ${lit(stages)} })`,
  )
}

/** What every route of one definition is emitted with. */
interface RouteEmit {
  readonly definition: DefinitionNode
  readonly streaming: StreamingAnalysis
  readonly facts: StageFacts
}

function routeCode(route: RouteNode, ctx: EmitContext, { definition, streaming, facts }: RouteEmit): Code {
  const segments = joinCode(route.segments.map(segmentCode), ', ')
  const operations =
    route.operations === null
      ? lit(null)
      : js`[${joinCode(
          route.operations.map(
            (op) =>
              js`[${lit(op.method)}, ${handlerCode(op.handler, ctx, streaming, operationStages(facts, definition, route, op))}]`,
          ),
          ', ',
        )}]`
  const handler = handlerCode(route.handler, ctx, streaming, operationStages(facts, definition, route, null))
  return js`{ pattern: ${lit(route.pattern)}, segments: [${segments}], wildcard: ${route.wildcard}, operations: ${operations}, handler: ${handler} },`
}

/** Code-unit order of patterns: deterministic and independent of the order of keys in the file. */
function byPattern(a: RouteNode, b: RouteNode): number {
  return a.pattern < b.pattern ? -1 : a.pattern > b.pattern ? 1 : 0
}

export function emitRoutes(
  definition: DefinitionNode,
  ctx: EmitContext,
  flows: ReadonlyMap<string, FlowNode> = new Map(),
): Code {
  const streaming = new StreamingAnalysis(definition, flows)
  const table = ctx.runtimeType('RouteTable')
  const create = ctx.runtime('createRouteTable')
  const lines: Code[] = []
  const emit: RouteEmit = { definition, streaming, facts: stageFacts(definition) }
  for (const route of [...definition.routes].sort(byPattern)) {
    lines.push(comment(`${route.pattern} (${ctx.at(route.loc)})`), routeCode(route, ctx, emit))
  }
  const body =
    lines.length === 0
      ? unsafeCode('')
      : js`\n${joinCode(
          lines.map((line) => js`  ${line}`),
          '\n',
        )}\n`
  return js`/** Routes of the definition, matched by runtime/router (definition.md section 5). */
export const ROUTES: ${table} = ${create}([${body}])
`
}
