/**
 * IR of the definition (definition.md): the routing table, the flows it binds, and the settings
 * later stages need (validation, security, CORS, parameters, responses). Produced by
 * compiler/definition, consumed by the checks and by compiler/emit. Plain readonly data.
 */
import type { Loc, SourceFile } from '../diagnostics/source.js'
import type { XPathNode } from './xpath.js'

/** Upper-case HTTP methods of Swagger 2.0 operations, in the order of definition.md MA2. */
export const OPERATION_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH'] as const
export type OperationMethod = (typeof OPERATION_METHODS)[number]

/** JSON-like data as read from YAML/JSON (YAML core-schema scalars only). */
export type PlainJson = string | number | boolean | null | readonly PlainJson[] | { readonly [key: string]: PlainJson }

/**
 * A loaded file (the definition or a `$ref`'d YAML/JSON file): its data and the location of every
 * value by JSON pointer (`''` is the root, `/paths/~1cart/get` a member), D13.
 */
export interface SourceDocumentNode {
  readonly kind: 'document'
  readonly file: SourceFile
  readonly value: PlainJson
  readonly locs: ReadonlyMap<string, Loc>
}

/** A reference to a flow file, written at `loc`. `path` is absolute and normalised. */
export interface FlowRef {
  readonly kind: 'flow-ref'
  readonly loc: Loc
  readonly path: string
}

/** What handles a routed request (definition.md H2): a flow, or an `x-svc-proxy` (PX1-PX9). */
export type HandlerNode = FlowRef | ProxyHandlerNode

export type PathSegment =
  { readonly kind: 'literal'; readonly value: string } | { readonly kind: 'param'; readonly name: string }

/** `true`, `false` or `'report-only'` (validation.md VA1, VA3). */
export type ValidationMode = boolean | 'report-only'

/** One `x-svc-validate` value; a key left out is null (VA2 expands a scalar to both keys). */
export interface ValidateSettingNode {
  readonly kind: 'validate'
  readonly loc: Loc
  readonly request: ValidationMode | null
  readonly response: ValidationMode | null
}

/** A key read from the request: what a rate-limit policy counts by (rate-limits.md RL3), what a `hash` pool hashes (upstream.md UP-POOL-1). */
export type RequestKeyNode =
  | { readonly kind: 'client-ip' }
  /** Lower-case field name. */
  | { readonly kind: 'header'; readonly name: string }
  | { readonly kind: 'jwt'; readonly claim: string }
  /** An XPath expression over `$request`, its string value the key. */
  | { readonly kind: 'expression'; readonly expr: XPathNode }

/** One policy of `x-svc-rate-limit` (rate-limits.md RL2). */
export interface RateLimitPolicyNode {
  readonly loc: Loc
  /** Requests admitted per window, an integer >= 1. */
  readonly limit: number
  /** Seconds, an integer >= 1. */
  readonly window: number
  readonly key: RequestKeyNode
  /** The policy's name in header fields, logs and metrics; `<limit>-per-<window>s` when not given. */
  readonly name: string
}

/** One `x-svc-rate-limit` value: every policy is enforced (RL2). */
export interface RateLimitNode {
  readonly kind: 'rate-limit'
  readonly loc: Loc
  readonly policies: readonly RateLimitPolicyNode[]
}

/** One target of a pool: an origin (`http://host:port`) and its weight (UP-POOL-1). */
export interface PoolTargetNode {
  readonly loc: Loc
  readonly url: string
  readonly weight: number
}

export type PoolBalance = 'round-robin' | 'least-requests' | 'hash'

/** One pool of `x-svc-upstreams` (upstream.md UP-POOL-1). Durations in seconds. */
export interface UpstreamPoolNode {
  readonly loc: Loc
  readonly name: string
  /** Listed targets, or the environment variable holding them (read at start). */
  readonly targets: readonly PoolTargetNode[] | { readonly env: string }
  readonly balance: PoolBalance
  /** Only with `hash`. */
  readonly hashKey: RequestKeyNode | null
  readonly healthCheck: {
    readonly path: string
    readonly interval: number
    readonly timeout: number
    readonly healthy: number
    readonly unhealthy: number
  } | null
  /** The circuit breaker of each target; null with `passive: false`. */
  readonly passive: { readonly failures: number; readonly coolDown: number; readonly maxCoolDown: number } | null
  readonly retries: number
  readonly retryDelay: number
  readonly retryNonIdempotent: boolean
}

/** `x-svc-rate-limit-headers` (RL6). */
export type RateLimitHeadersMode = 'ietf' | 'legacy' | 'none'

/**
 * A schema as written (`$ref`s inside not resolved; they resolve against `file`, VA30).
 * `pointer` locates it inside `file`'s document.
 */
export interface SchemaNode {
  readonly kind: 'schema'
  readonly loc: Loc
  readonly file: SourceFile
  readonly pointer: string
  readonly value: PlainJson
}

export type ParameterLocation = 'path' | 'query' | 'header' | 'formData' | 'body'

/** A parameter object after `$ref` resolution (CC13, VA9). */
export interface ParameterNode {
  readonly kind: 'parameter'
  readonly loc: Loc
  readonly name: string
  readonly in: ParameterLocation
  readonly required: boolean
  /** `type` of a non-body parameter; null when absent. */
  readonly type: string | null
  /** `schema` of a body parameter. */
  readonly schema: SchemaNode | null
  /** The whole parameter object (items, constraints, collectionFormat, ...). */
  readonly value: PlainJson
  readonly file: SourceFile
  readonly pointer: string
}

/** A response object after `$ref` resolution (CC15, VA21). */
export interface ResponseNode {
  readonly kind: 'response'
  readonly loc: Loc
  /** `'200'`, ... or `'default'`. */
  readonly status: string
  readonly schema: SchemaNode | null
  readonly value: PlainJson
  readonly file: SourceFile
  readonly pointer: string
}

/** One scheme named in a requirement alternative, with its scopes (security.md A10). */
export interface SecuritySchemeUseNode {
  readonly loc: Loc
  readonly name: string
  readonly scopes: readonly string[]
}

/** A `security` value: alternatives (OR) of scheme sets (AND); `[]` means no security (A9). */
export interface SecurityRequirementNode {
  readonly kind: 'security'
  readonly loc: Loc
  readonly alternatives: readonly (readonly SecuritySchemeUseNode[])[]
}

/** An extension object kept as data for the stage that owns its semantics. */
export interface ExtensionConfigNode {
  readonly loc: Loc
  readonly file: SourceFile
  readonly pointer: string
  readonly value: PlainJson
}

/** An entry of `securityDefinitions` (security.md A1-A8). Deeper checks come with the security issue. */
export interface SecuritySchemeNode {
  readonly kind: 'security-scheme'
  readonly loc: Loc
  readonly name: string
  readonly type: 'apiKey' | 'basic' | 'oauth2'
  /** `in` / `name` of an apiKey scheme. */
  readonly in: string | null
  readonly paramName: string | null
  readonly jwt: ExtensionConfigNode | null
  readonly cookieName: string | null
  readonly basicAuth: ExtensionConfigNode | null
  readonly postCheckFlow: FlowRef | null
  /** A7: apiKey with x-svc-jwt or basic with x-svc-basicauth. */
  readonly enforced: boolean
}

/** `x-svc-cors` with defaults filled (security.md O7). */
export interface CorsNode {
  readonly kind: 'cors'
  readonly loc: Loc
  readonly allowedOrigins: readonly string[]
  readonly allowCredentials: boolean
  readonly maxAge: number
  readonly exposeHeaders: readonly string[]
}

export interface OperationNode {
  readonly kind: 'operation'
  readonly loc: Loc
  readonly method: OperationMethod
  /** Effective handler after the precedence of H2/H3; null when none (H5). */
  readonly handler: HandlerNode | null
  readonly operationId: string | null
  /** Path-item parameters merged with the operation's; an operation parameter replaces one with the same name and `in` (VA9). */
  readonly parameters: readonly ParameterNode[]
  /** null when the operation has no `responses` (D2, VA25). */
  readonly responses: readonly ResponseNode[] | null
  /** The operation's own `security`; null when absent (A9). */
  readonly security: SecurityRequirementNode | null
  /** The operation's own `x-svc-validate`; null when absent (VA4). */
  readonly validate: ValidateSettingNode | null
  /** The operation's own `x-svc-rate-limit`; null when absent (RL1). */
  readonly rateLimit: RateLimitNode | null
  /** The operation's own `consumes` / `produces`; null when absent (VA15, VA22). */
  readonly consumes: readonly string[] | null
  readonly produces: readonly string[] | null
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
  /** Path-item level `parameters`, `security`, `x-svc-validate` (A2, VA4, VA6). */
  readonly parameters: readonly ParameterNode[]
  readonly security: SecurityRequirementNode | null
  readonly validate: ValidateSettingNode | null
  /** The path item's `x-svc-rate-limit`; null when absent (RL1). */
  readonly rateLimit: RateLimitNode | null
}

export interface DefinitionNode {
  readonly kind: 'definition'
  readonly file: SourceFile
  /** Directory of the definition file (the site root). */
  readonly siteRoot: string
  /** Normalised basePath: '/' or '/x' without trailing slash (P6). */
  readonly basePath: string
  /** Routes in definition order. */
  readonly routes: readonly RouteNode[]
  readonly initFlow: FlowRef | null
  readonly errorFlow: FlowRef | null
  readonly defaultFlow: FlowRef | null
  /** Every flow file the definition references, each once, in order of first reference. */
  readonly flowRefs: readonly FlowRef[]
  /** Top-level `x-svc-validate`, `security`, `consumes`, `produces`. */
  readonly validate: ValidateSettingNode | null
  readonly security: SecurityRequirementNode | null
  readonly consumes: readonly string[] | null
  readonly produces: readonly string[] | null
  readonly securitySchemes: readonly SecuritySchemeNode[]
  readonly cors: CorsNode | null
  /** Top-level `x-svc-rate-limit` (RL1) and `x-svc-rate-limit-headers` (RL6, default `ietf`). */
  readonly rateLimit: RateLimitNode | null
  readonly rateLimitHeaders: RateLimitHeadersMode
  /** `x-svc-upstreams` (upstream.md UP-POOL-1), in definition order. */
  readonly upstreamPools: readonly UpstreamPoolNode[]
  /** The definition (first) and every `$ref`'d file, for later stages resolving schemas. */
  readonly documents: readonly SourceDocumentNode[]
}

/**
 * A proxy configuration value of `x-svc-proxy` (PX4): plain JSON where any string may be read from
 * the environment per request.
 */
export type ProxyValueNode =
  | { readonly kind: 'json'; readonly value: PlainJson }
  | { readonly kind: 'env'; readonly name: string }
  | { readonly kind: 'object'; readonly members: readonly (readonly [string, ProxyValueNode])[] }
  | { readonly kind: 'array'; readonly items: readonly ProxyValueNode[] }

/** `x-svc-proxy` (definition.md PX1-PX9, upstream.md UP-PROXY-8): a handler that forwards the request. */
export interface ProxyHandlerNode {
  readonly kind: 'proxy'
  /** The `x-svc-proxy` key. */
  readonly loc: Loc
  readonly config: ProxyValueNode
  /** Site-relative directory of the file holding it (relative option paths). */
  readonly dir: string
  /** The client body may be streamed (UP-GEN-6 step 2, the compile-time part). */
  readonly streamRequestBody: boolean
  /** Where `options.definition` is written (upstream.md UP-VAL-1); absent when it is not. */
  readonly definitionLoc?: Loc
}
