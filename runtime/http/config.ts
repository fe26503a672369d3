/**
 * Server configuration from environment variables (operations.md CF1, CF2, CF3). The environment is
 * read once, when a gateway is created; the request path only reads the frozen ServerConfig.
 *
 * Implements CF1 (names and defaults, the `SVC_FETCH_*` aliases), CF3 (booleans `true`/`false` in any
 * case; non-negative decimal numbers; `PORT` an integer 0-65535; `SVC_UID_FORMAT` `uid`/`uuid4`;
 * `SVC_STATUS_AUTH` needs a `:`). `SVC_DEBUG` and `SVC_VALIDATE_*` are parsed by their own areas.
 * Decided: a variable set to the empty string counts as unset (except `SVC_HEALTH_PATH`, where `""`
 * disables the endpoint, HL2).
 *
 * Hardening limits (issue 8; table in SECURITY.md and docs/configuration.md): header section size,
 * request-target length, query parameter count, slow-client timeouts, keep-alive limits and the
 * upstream connections per origin. Each has a default, is checked here at start, and a bad value
 * refuses the start like any other CF3 value.
 */

/** The process environment as a plain object (process.env in startServer; any object in tests). */
export type Environment = Readonly<Record<string, string | undefined>>

export type UidFormat = 'uid' | 'uuid4'

export interface ServerConfig {
  readonly port: number
  readonly host: string
  /** `SVC_SERVER_ROLE`; null when unset (`$server/role` absent, SV1). */
  readonly role: string | null
  readonly uidFormat: UidFormat
  readonly trustRequestId: boolean
  /** `SVC_REQUEST_ID_HEADER`: the field that carries the request id in, out and upstream (LG2). */
  readonly requestIdHeader: string
  readonly trustProxy: boolean
  /**
   * `SVC_TRUSTED_PROXIES`: comma-separated addresses and CIDRs of the proxies whose `X-Forwarded-For` or
   * `Forwarded` names the client of a `client-ip` rate limit (rate-limits.md RL3); '' trusts none.
   * Parsed and checked by the gateway (runtime/request-key/trusted-proxies.ts).
   */
  readonly trustedProxies: string
  /** `SVC_REDIS_URL`: Redis for state shared by the fleet (rate-limits.md RL7); null: each process's memory. */
  readonly redisUrl: string | null
  /** `SVC_REDIS_CLUSTER_NODES`: Redis Cluster nodes to discover the cluster from (RL7); null: none. */
  readonly redisClusterNodes: readonly string[] | null
  /** `SVC_REDIS_PREFIX`: the prefix of every key this definition writes (default `svc:`). */
  readonly redisPrefix: string
  /** `SVC_REDIS_TIMEOUT`: milliseconds one Redis call may take before the fallback decides (RL8). */
  readonly redisTimeoutMs: number
  /** `SVC_RATE_LIMIT_ON_STORE_ERROR`: what decides while Redis is unavailable (RL8). */
  readonly rateLimitOnStoreError: 'local' | 'open' | 'closed'
  readonly defaultTimeoutMs: number
  /** 0: no separate connect limit (upstream.md UP-TIME-2). */
  readonly defaultConnectTimeoutMs: number
  /** 0: no separate time-to-first-byte limit. */
  readonly defaultTtfbTimeoutMs: number
  readonly maxTimeoutMs: number
  readonly maxBodySize: number
  readonly maxUpstreamBodySize: number
  readonly allowMocking: boolean
  readonly debugAllowHeader: boolean
  /** `SVC_DEBUG_AUTH`, null when unset. */
  readonly debugAuth: string | null
  /** `SVC_STATUS_AUTH` split at the first `:`, null when unset (HL3). */
  readonly statusAuth: { readonly user: string; readonly password: string } | null
  /** `SVC_HEALTH_PATH`; '' disables the endpoint (HL2). */
  readonly healthPath: string
  /** Path of the readiness endpoint (HL5); '' disables it. */
  readonly readyPath: string
  /** SVC_ADMIN_PORT (HL6): the port of the reserved endpoints alone; null when they share PORT. */
  readonly adminPort: number | null
  readonly accessLog: boolean
  /** SVC_ERROR_DETAILS (errors.md X21): `safe` hides the `info` of the gateway's own 5xx documents. */
  readonly errorDetails: 'full' | 'safe'
  readonly shutdownTimeoutMs: number
  /** `SVC_MAX_HEADER_SIZE`: bytes of request line plus header section; more gets 431 (PL19). */
  readonly maxHeaderSize: number
  /** `SVC_MAX_URL_LENGTH`: characters of the request target; more gets 414. */
  readonly maxUrlLength: number
  /** `SVC_MAX_QUERY_PARAMS`: `&`-separated query parameters; more gets 400 / 3213. */
  readonly maxQueryParams: number
  /** `SVC_HEADERS_TIMEOUT`: time to receive the request head (slow clients get 408). */
  readonly headersTimeoutMs: number
  /** `SVC_REQUEST_TIMEOUT`: time to receive the whole request, body included (408). */
  readonly requestTimeoutMs: number
  /** `SVC_KEEP_ALIVE_TIMEOUT`: an idle keep-alive connection is closed after this long. */
  readonly keepAliveTimeoutMs: number
  /** `SVC_MAX_REQUESTS_PER_SOCKET`: requests on one connection before it is closed; 0: no limit. */
  readonly maxRequestsPerSocket: number
  /** `SVC_UPSTREAM_MAX_CONNECTIONS`: connections per upstream pool (upstream.md UP-NET-7). */
  readonly upstreamMaxConnections: number
}

/** An environment value that makes the server refuse to start (CF3). */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly value: string,
    readonly expected: string,
  ) {
    super(`invalid value for ${variable}: ${JSON.stringify(value)} (expected ${expected})`)
    this.name = 'ConfigError'
  }
}

const DECIMAL = /^\d+(?:\.\d+)?$/
const INTEGER = /^\d+$/

function read(env: Environment, name: string): string | undefined {
  const value = env[name]
  return value === undefined || value === '' ? undefined : value
}

/** A header field name (an RFC 9110 token), spelled as given. */
function readHeaderName(env: Environment, name: string, fallback: string): string {
  const value = read(env, name)
  if (value === undefined) return fallback
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(value)) throw new ConfigError(name, value, 'a header field name')
  return value
}

function readBoolean(env: Environment, name: string, fallback: boolean): boolean {
  const value = read(env, name)
  if (value === undefined) return fallback
  const lower = value.toLowerCase()
  if (lower === 'true') return true
  if (lower === 'false') return false
  throw new ConfigError(name, value, 'true or false')
}

/** Seconds (fractions allowed) as milliseconds. */
function readSeconds(env: Environment, names: readonly string[], fallbackSeconds: number): number {
  for (const name of names) {
    const value = read(env, name)
    if (value === undefined) continue
    if (!DECIMAL.test(value)) throw new ConfigError(name, value, 'a non-negative number of seconds')
    return Math.round(Number(value) * 1000)
  }
  return fallbackSeconds * 1000
}

function readBytes(env: Environment, name: string, fallback: number): number {
  const value = read(env, name)
  if (value === undefined) return fallback
  if (!INTEGER.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new ConfigError(name, value, 'a non-negative whole number of bytes')
  }
  return Number(value)
}

/** A whole number of at least `min` (limits where 0 would refuse everything have `min` 1). */
function readCount(env: Environment, name: string, fallback: number, min: number): number {
  const value = read(env, name)
  if (value === undefined) return fallback
  if (!INTEGER.test(value) || !Number.isSafeInteger(Number(value)) || Number(value) < min) {
    throw new ConfigError(name, value, min === 0 ? 'a non-negative whole number' : `a whole number of at least ${min}`)
  }
  return Number(value)
}

/** Seconds greater than 0 (a slow-client timeout of 0 would switch the protection off). */
function readPositiveSeconds(env: Environment, name: string, fallbackSeconds: number): number {
  const ms = readSeconds(env, [name], fallbackSeconds)
  if (ms <= 0) throw new ConfigError(name, env[name]!, 'a number of seconds greater than 0')
  return ms
}

/** node refuses a head timeout longer than the whole-request timeout; say so at start (CF3). */
function checkSlowClientTimeouts(env: Environment, headersMs: number, requestMs: number): void {
  if (headersMs > requestMs) {
    const value = read(env, 'SVC_HEADERS_TIMEOUT') ?? String(headersMs / 1000)
    throw new ConfigError('SVC_HEADERS_TIMEOUT', value, `at most SVC_REQUEST_TIMEOUT (${requestMs / 1000})`)
  }
}

function readPort(env: Environment): number {
  return readPortNumber(env, 'PORT') ?? 8080
}

/** A TCP port (0 picks a free one), or undefined when unset. */
function readPortNumber(env: Environment, name: string): number | undefined {
  const value = read(env, name)
  if (value === undefined) return undefined
  if (!INTEGER.test(value) || Number(value) > 65535) throw new ConfigError(name, value, 'an integer 0-65535')
  return Number(value)
}

function readUidFormat(env: Environment): UidFormat {
  const value = read(env, 'SVC_UID_FORMAT')
  if (value === undefined) return 'uid'
  const lower = value.toLowerCase()
  if (lower === 'uid' || lower === 'uuid4') return lower
  throw new ConfigError('SVC_UID_FORMAT', value, 'uid or uuid4')
}

function readStatusAuth(env: Environment): ServerConfig['statusAuth'] {
  const value = read(env, 'SVC_STATUS_AUTH')
  if (value === undefined) return null
  const colon = value.indexOf(':')
  if (colon < 0) throw new ConfigError('SVC_STATUS_AUTH', '***', 'user:password')
  return Object.freeze({ user: value.slice(0, colon), password: value.slice(colon + 1) })
}

function readRedisUrl(env: Environment): string | null {
  const value = read(env, 'SVC_REDIS_URL')
  if (value === undefined) return null
  // the message shows the URL without its user and password (X18)
  if (!/^rediss?:\/\/[^\s]+$/.test(value))
    throw new ConfigError('SVC_REDIS_URL', value.replace(/\/\/[^@/]*@/, '//***@'), 'a redis:// or rediss:// URL')
  return value
}

function readRedisClusterNodes(env: Environment): readonly string[] | null {
  const value = read(env, 'SVC_REDIS_CLUSTER_NODES')
  if (value === undefined) return null
  const nodes = value
    .split(',')
    .map((node) => node.trim())
    .filter((node) => node !== '')
    .map((node) => (/^rediss?:\/\//.test(node) ? node : `redis://${node}`))
  if (nodes.length === 0 || !nodes.every((node) => /^rediss?:\/\/[^\s/]+$/.test(node))) {
    throw new ConfigError('SVC_REDIS_CLUSTER_NODES', value, 'comma-separated host:port or redis:// URLs')
  }
  return Object.freeze(nodes)
}

function readStoreFallback(env: Environment): ServerConfig['rateLimitOnStoreError'] {
  const value = read(env, 'SVC_RATE_LIMIT_ON_STORE_ERROR') ?? 'local'
  if (value === 'local' || value === 'open' || value === 'closed') return value
  throw new ConfigError('SVC_RATE_LIMIT_ON_STORE_ERROR', value, 'local, open or closed')
}

/** Reads and checks every variable of CF1 this module owns; throws ConfigError on the first bad one. */
/** X21: `full` or `safe`; unset, `safe` in production (`NODE_ENV=production`), else `full`. */
function readErrorDetails(env: Environment): 'full' | 'safe' {
  const value = read(env, 'SVC_ERROR_DETAILS')
  if (value === undefined) return env['NODE_ENV'] === 'production' ? 'safe' : 'full'
  const lower = value.toLowerCase()
  if (lower === 'full' || lower === 'safe') return lower
  throw new ConfigError('SVC_ERROR_DETAILS', value, '`full` or `safe`')
}

export function loadServerConfig(env: Environment): ServerConfig {
  const debugAuth = read(env, 'SVC_DEBUG_AUTH') ?? null
  const headersTimeoutMs = readPositiveSeconds(env, 'SVC_HEADERS_TIMEOUT', 20)
  const requestTimeoutMs = readPositiveSeconds(env, 'SVC_REQUEST_TIMEOUT', 120)
  checkSlowClientTimeouts(env, headersTimeoutMs, requestTimeoutMs)
  return Object.freeze({
    port: readPort(env),
    host: read(env, 'HOST') ?? '0.0.0.0',
    role: read(env, 'SVC_SERVER_ROLE') ?? null,
    uidFormat: readUidFormat(env),
    trustRequestId: readBoolean(env, 'SVC_TRUST_REQUEST_ID', false),
    requestIdHeader: readHeaderName(env, 'SVC_REQUEST_ID_HEADER', 'X-Request-ID'),
    trustProxy: readBoolean(env, 'SVC_TRUST_PROXY', false),
    trustedProxies: read(env, 'SVC_TRUSTED_PROXIES') ?? '',
    redisUrl: readRedisUrl(env),
    redisClusterNodes: readRedisClusterNodes(env),
    redisPrefix: read(env, 'SVC_REDIS_PREFIX') ?? 'svc:',
    redisTimeoutMs: readCount(env, 'SVC_REDIS_TIMEOUT', 50, 1),
    rateLimitOnStoreError: readStoreFallback(env),
    defaultTimeoutMs: readSeconds(env, ['SVC_DEFAULT_TIMEOUT', 'SVC_FETCH_DEFAULT_TIMEOUT'], 3),
    defaultConnectTimeoutMs: readSeconds(env, ['SVC_DEFAULT_CONNECT_TIMEOUT', 'SVC_FETCH_DEFAULT_CONNECT_TIMEOUT'], 0),
    defaultTtfbTimeoutMs: readSeconds(env, ['SVC_DEFAULT_TTFB_TIMEOUT'], 0),
    maxTimeoutMs: readSeconds(env, ['SVC_MAX_TIMEOUT'], 60),
    maxBodySize: readBytes(env, 'SVC_MAX_BODY_SIZE', 10485760),
    maxUpstreamBodySize: readBytes(env, 'SVC_MAX_UPSTREAM_BODY_SIZE', 104857600),
    allowMocking: readBoolean(env, 'SVC_ALLOW_MOCKING', false),
    debugAllowHeader: readBoolean(env, 'SVC_DEBUG_ALLOW_HEADER', false) || debugAuth !== null,
    debugAuth,
    statusAuth: readStatusAuth(env),
    healthPath: env['SVC_HEALTH_PATH'] ?? '/_svc/health',
    readyPath: env['SVC_READY_PATH'] ?? '/_svc/ready',
    adminPort: readPortNumber(env, 'SVC_ADMIN_PORT') ?? null,
    accessLog: readBoolean(env, 'SVC_ACCESS_LOG', true),
    errorDetails: readErrorDetails(env),
    shutdownTimeoutMs: readSeconds(env, ['SVC_SHUTDOWN_TIMEOUT'], 10),
    maxHeaderSize: readCount(env, 'SVC_MAX_HEADER_SIZE', 16384, 1024),
    maxUrlLength: readCount(env, 'SVC_MAX_URL_LENGTH', 8192, 1),
    maxQueryParams: readCount(env, 'SVC_MAX_QUERY_PARAMS', 1000, 1),
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: readPositiveSeconds(env, 'SVC_KEEP_ALIVE_TIMEOUT', 5),
    maxRequestsPerSocket: readCount(env, 'SVC_MAX_REQUESTS_PER_SOCKET', 1000, 0),
    upstreamMaxConnections: readCount(env, 'SVC_UPSTREAM_MAX_CONNECTIONS', 256, 1),
  })
}
