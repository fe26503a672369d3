/**
 * `loadDefinition`: reads the definition (the only I/O besides `$ref`'d files and existence checks
 * of referenced files) and lowers it to the `DefinitionNode` IR, reporting every problem of
 * definition.md section 12 that concerns the definition itself (CC1-CC18 errors, CC19-CC23, CC26,
 * CC27 warnings). Top-level rules: D6, D7, D10-D12, P6, H2, H3, H5, D23.
 */
import { dirname, resolve } from 'node:path'

import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import { suggest } from '../diagnostics/did-you-mean.js'
import { locAt } from '../diagnostics/source.js'
import type {
  CorsNode,
  DefinitionNode,
  FlowRef,
  RateLimitHeadersMode,
  RateLimitNode,
  RouteNode,
  SecurityRequirementNode,
  SecuritySchemeNode,
  UpstreamPoolNode,
  ValidateSettingNode,
} from '../ir/definition.js'
import { DISK_FILES, type ProjectFiles } from '../project-files.js'
import { LoadContext } from './context.js'
import { loadCors } from './cors.js'
import { type DocNode, entryOf, type MapNode, missingKeyLoc, valueOf } from './doc-node.js'
import { checkExtensions } from './extensions.js'
import { resolveFlowRef } from './flow-ref.js'
import { effectiveHandler, type LevelHandler, loadLevelHandler } from './handler-level.js'
import { loadStringList } from './operation-object.js'
import { loadParameter, mergeParameters } from './parameter-object.js'
import { loadPaths, type PathsDraft, type RouteDraft } from './paths-object.js'
import { loadRateLimit, loadRateLimitHeaders } from './rate-limit.js'
import { loadResponse } from './response-object.js'
import { checkSchema, memberPointer } from './schema-object.js'
import { loadSecurityRequirement } from './security-requirement.js'
import { loadSecuritySchemes, summarizeSchemes } from './security-scheme.js'
import { conventionalDefaultFlow, loadFlowExtension } from './top-level-flows.js'
import { loadUpstreamPools } from './upstream-pools.js'
import { loadValidateSetting } from './validate-setting.js'

/** Standard Swagger 2.0 top-level keys (D12). */
const TOP_LEVEL_KEYS = [
  'swagger',
  'info',
  'host',
  'basePath',
  'schemes',
  'consumes',
  'produces',
  'paths',
  'definitions',
  'parameters',
  'responses',
  'securityDefinitions',
  'security',
  'tags',
  'externalDocs',
]
const IGNORED_KEYS = new Set(['info', 'host', 'schemes', 'tags', 'externalDocs'])

/**
 * Loads the definition at `path`. Returns undefined when the file cannot be read or parsed, or is
 * not an object (D7); otherwise the IR, even when errors were reported (the caller checks the bag).
 * `siteRoot` is the definition's directory, except for an upstream definition (upstream.md UP-VAL-1),
 * which belongs to the site of the definition that uses it.
 */
export function loadDefinition(
  path: string,
  bag: DiagnosticBag,
  siteRoot?: string,
  files: ProjectFiles = DISK_FILES,
): DefinitionNode | undefined {
  const absolute = resolve(path)
  const ctx = new LoadContext(bag, siteRoot ?? dirname(absolute), files)
  const document = ctx.store.load(absolute, null)
  if (document === null) return undefined
  ctx.definitionFile = document.file
  const root = document.root
  if (root.kind !== 'map') {
    ctx.error('definition/not-an-object', locAt(document.file, 0), 'definition must be an object')
    return undefined
  }
  return new TopLevel(root, ctx).load()
}

class TopLevel {
  basePath = '/'
  paths: PathsDraft | null = null
  topHandler: LevelHandler = null
  initFlow: FlowRef | null = null
  errorFlow: FlowRef | null = null
  defaultFlow: FlowRef | null = null
  validate: ValidateSettingNode | null = null
  security: SecurityRequirementNode | null = null
  consumes: string[] | null = null
  produces: string[] | null = null
  schemes: SecuritySchemeNode[] = []
  cors: CorsNode | null = null
  rateLimit: RateLimitNode | null = null
  rateLimitHeaders: RateLimitHeadersMode = 'ietf'
  upstreamPools: UpstreamPoolNode[] = []

  constructor(
    readonly root: MapNode,
    readonly ctx: LoadContext,
  ) {}

  load(): DefinitionNode {
    const { root, ctx } = this
    const summaries = summarizeSchemes(valueOf(root, 'securityDefinitions'))
    const scan = checkExtensions(root, 'top', ctx)
    if (entryOf(root, 'swagger') === undefined)
      ctx.error('definition/missing-key', missingKeyLoc(root), 'missing required key "swagger"')
    if (entryOf(root, 'paths') === undefined)
      ctx.error('definition/missing-key', missingKeyLoc(root), 'missing required key "paths"')
    // document order, so that flow references are recorded in order of first reference
    for (const entry of root.entries) {
      const value = entry.value
      const pointer = memberPointer('', entry.key)
      switch (entry.key) {
        case 'swagger':
          this.checkVersion(value)
          break
        case 'basePath':
          this.loadBasePath(value)
          break
        case 'paths':
          if (value.kind === 'map') this.paths = loadPaths(value, summaries, ctx)
          else ctx.error('definition/invalid-paths', value.loc, 'paths must be an object')
          break
        case 'securityDefinitions':
          this.schemes = loadSecuritySchemes(value, pointer, ctx)
          break
        case 'security':
          this.security = loadSecurityRequirement(value, summaries, ctx)
          break
        case 'consumes':
          this.consumes = loadStringList(value, 'consumes', ctx)
          break
        case 'produces':
          this.produces = loadStringList(value, 'produces', ctx)
          break
        case 'parameters':
          this.forEachMember(value, 'parameters', (member, at) => loadParameter(member, at, ctx))
          break
        case 'responses':
          this.forEachMember(value, 'responses', (member, at, key) => loadResponse(key, member, at, ctx))
          break
        case 'definitions':
          this.forEachMember(value, 'definitions', (member) => checkSchema(member, { allowFile: false }, ctx))
          break
        case 'x-svc-flow':
          if (scan.recognized.has(entry.key)) this.topHandler = loadLevelHandler(root, scan, ctx)
          break
        case 'x-svc-init':
          if (scan.recognized.has(entry.key)) this.initFlow = loadFlowExtension('x-svc-init', value, ctx)
          break
        case 'x-svc-error':
          if (scan.recognized.has(entry.key)) this.errorFlow = loadFlowExtension('x-svc-error', value, ctx)
          break
        case 'x-svc-default-flow':
          if (scan.recognized.has(entry.key)) {
            const ref = resolveFlowRef(value, 'x-svc-default-flow', ctx)
            this.defaultFlow = ref === 'invalid' ? null : ref
          }
          break
        case 'x-svc-cors':
          if (scan.recognized.has(entry.key)) this.cors = loadCors(value, ctx)
          break
        case 'x-svc-validate':
          if (scan.recognized.has(entry.key)) this.validate = loadValidateSetting(value, ctx)
          break
        case 'x-svc-rate-limit':
          if (scan.recognized.has(entry.key)) this.rateLimit = loadRateLimit(value, ctx)
          break
        case 'x-svc-rate-limit-headers':
          if (scan.recognized.has(entry.key)) this.rateLimitHeaders = loadRateLimitHeaders(value, ctx)
          break
        case 'x-svc-upstreams':
          if (scan.recognized.has(entry.key)) this.upstreamPools = loadUpstreamPools(value, ctx)
          break
        default:
          if (!entry.key.startsWith('x-') && !IGNORED_KEYS.has(entry.key)) {
            const hint = suggest(entry.key, TOP_LEVEL_KEYS, (s) => `"${s}"`)
            ctx.warning(
              'definition/unknown-key',
              entry.keyLoc,
              `unknown top-level key ${JSON.stringify(entry.key)} is ignored${hint.suffix}`,
              hint.names,
            )
          }
      }
    }
    if (this.topHandler === null && scan.unknownHandler) this.topHandler = { kind: 'invalid' }
    const defaultEntry = entryOf(root, 'x-svc-default-flow')
    if (defaultEntry !== undefined && scan.recognized.has('x-svc-default-flow') && this.basePath === '/') {
      ctx.warning(
        'definition/default-flow-unused',
        defaultEntry.keyLoc,
        'x-svc-default-flow has no effect while basePath is "/": every request is an API request',
      )
    }
    if (defaultEntry === undefined) this.defaultFlow = conventionalDefaultFlow(this.basePath, ctx)
    return {
      kind: 'definition',
      file: root.loc.file,
      siteRoot: ctx.siteRoot,
      basePath: this.basePath,
      routes: (this.paths?.routes ?? []).map((route) => this.lowerRoute(route)),
      initFlow: this.initFlow,
      errorFlow: this.errorFlow,
      defaultFlow: this.defaultFlow,
      flowRefs: ctx.flowRefs(),
      validate: this.validate,
      security: this.security,
      consumes: this.consumes,
      produces: this.produces,
      securitySchemes: this.schemes,
      cors: this.cors,
      rateLimit: this.rateLimit,
      rateLimitHeaders: this.rateLimitHeaders,
      upstreamPools: this.upstreamPools,
      documents: ctx.store.documents(),
    }
  }

  /** Loads each member of the top-level `parameters`, `responses` or `definitions` object. */
  forEachMember(node: DocNode, name: string, load: (member: DocNode, pointer: string, key: string) => unknown): void {
    if (node.kind !== 'map') {
      this.ctx.error('definition/invalid-value', node.loc, `${name} must be an object`)
      return
    }
    for (const entry of node.entries) {
      if (name !== 'definitions' && entry.key.startsWith('x-')) continue
      load(entry.value, memberPointer(memberPointer('', name), entry.key), entry.key)
    }
  }

  /** D10, CC10, CC23. */
  checkVersion(node: DocNode): void {
    if (node.kind === 'scalar' && node.value === '2.0') return
    if (node.kind === 'scalar' && node.value === 2 && node.text === '2.0') {
      this.ctx.warning('definition/numeric-swagger-version', node.loc, 'swagger version should be the string "2.0"')
      return
    }
    this.ctx.error('definition/swagger-version', node.loc, 'swagger must be "2.0"')
  }

  /** P6: starts with `/`, no `{`, `}`, `*`; a trailing `/` is removed except for `/` itself. */
  loadBasePath(node: DocNode): void {
    if (node.kind !== 'scalar' || typeof node.value !== 'string') {
      this.ctx.error('definition/invalid-base-path', node.loc, 'basePath must be a string')
      return
    }
    const value = node.value
    if (!value.startsWith('/')) this.ctx.error('definition/invalid-base-path', node.loc, 'basePath must start with "/"')
    else if (/[{}*]/.test(value))
      this.ctx.error('definition/invalid-base-path', node.loc, 'basePath must not contain "{", "}" or "*"')
    else this.basePath = value.replace(/\/+$/, '') || '/'
  }

  /** H2, H3 (operation -> path -> `paths` -> top), H5 warnings (CC19), VA9 parameter merge. */
  lowerRoute(route: RouteDraft): RouteNode {
    const fallback = this.paths?.fallback ?? null
    const handlerOf = (handler: LevelHandler) =>
      handler?.kind === 'flow' ? handler.ref : handler?.kind === 'proxy' ? handler.node : null
    const operations =
      route.operations?.map((operation) => {
        const handler = effectiveHandler([operation.handler, route.handler, fallback, this.topHandler])
        if (handler === null) {
          this.ctx.warning(
            'definition/no-handler',
            operation.loc,
            `operation ${operation.method} ${route.pattern} has no handler (x-svc-flow or x-svc-proxy)`,
          )
        }
        return {
          kind: 'operation' as const,
          loc: operation.loc,
          method: operation.method,
          handler: handlerOf(handler),
          operationId: operation.operationId,
          parameters: mergeParameters(route.parameters, operation.parameters, this.ctx),
          responses: operation.responses,
          security: operation.security,
          validate: operation.validate,
          rateLimit: operation.rateLimit,
          consumes: operation.consumes,
          produces: operation.produces,
        }
      }) ?? null
    let handler: LevelHandler = null
    if (operations === null) {
      handler = effectiveHandler([route.handler, fallback, this.topHandler])
      if (handler === null)
        this.ctx.warning(
          'definition/no-handler',
          route.loc,
          `path ${JSON.stringify(route.pattern)} has no handler (x-svc-flow or x-svc-proxy)`,
        )
    }
    return {
      kind: 'route',
      loc: route.loc,
      pattern: route.pattern,
      segments: route.parsed.segments,
      wildcard: route.parsed.wildcard,
      operations,
      handler: handlerOf(handler),
      parameters: mergeParameters(route.parameters, [], this.ctx),
      security: route.security,
      validate: route.validate,
      rateLimit: route.rateLimit,
    }
  }
}
