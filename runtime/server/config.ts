/**
 * Server configuration from environment variables (operations.md CF1, CF2, CF3). The environment is
 * read once, when a gateway is created; the request path only reads the frozen ServerConfig.
 *
 * Implements CF1 (names and defaults, the `SVC_FETCH_*` aliases), CF3 (booleans `true`/`false` in any
 * case; non-negative decimal numbers; `PORT` an integer 0-65535; `SVC_UID_FORMAT` `uid`/`uuid4`;
 * `SVC_STATUS_AUTH` needs a `:`). `SVC_DEBUG` and `SVC_VALIDATE_*` are parsed by their own areas.
 * Decided: a variable set to the empty string counts as unset (except `SVC_HEALTH_PATH`, where `""`
 * disables the endpoint, HL2).
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
  readonly trustProxy: boolean
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
  readonly accessLog: boolean
  readonly shutdownTimeoutMs: number
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

function readPort(env: Environment): number {
  const value = read(env, 'PORT')
  if (value === undefined) return 8080
  if (!INTEGER.test(value) || Number(value) > 65535) throw new ConfigError('PORT', value, 'an integer 0-65535')
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

/** Reads and checks every variable of CF1 this module owns; throws ConfigError on the first bad one. */
export function loadServerConfig(env: Environment): ServerConfig {
  const debugAuth = read(env, 'SVC_DEBUG_AUTH') ?? null
  return Object.freeze({
    port: readPort(env),
    host: read(env, 'HOST') ?? '0.0.0.0',
    role: read(env, 'SVC_SERVER_ROLE') ?? null,
    uidFormat: readUidFormat(env),
    trustRequestId: readBoolean(env, 'SVC_TRUST_REQUEST_ID', false),
    trustProxy: readBoolean(env, 'SVC_TRUST_PROXY', false),
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
    accessLog: readBoolean(env, 'SVC_ACCESS_LOG', true),
    shutdownTimeoutMs: readSeconds(env, ['SVC_SHUTDOWN_TIMEOUT'], 10),
  })
}
