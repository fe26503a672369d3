/**
 * The `options` object of a request configuration (upstream.md UP-OPT-1 and its table, UP-TIME-2,
 * UP-CACHE-1, UP-REDIR, UP-NET-1..7, UP-CFG-7 `query-encoding-raw-chars`, UP-RESP-4, UP-PROXY-6):
 * shapes, the decided coercions, ranges, and defaults that do not depend on the environment.
 * Timeouts stay in seconds here; the environment defaults and the `SVC_MAX_TIMEOUT` cap are applied
 * per request (timeouts.ts). Unknown options are warnings.
 */
import { headerField } from '../flow/actions/header-fields.js'
import { JsonObject, type JsonValue } from '../values/json-value.js'
import { type ConfigPath, type ConfigProblems, pathText } from './config-problems.js'
import { describe, jsonTypeName, membersOf, optionBoolean, optionNumber } from './config-values.js'
import type { BreakerSpec } from './pools/spec.js'

/** The breaker's defaults (UP-POOL-1 `passive`, Envoy's outlier detection). */
export const DEFAULT_BREAKER: BreakerSpec = Object.freeze({ failures: 5, coolDown: 30, maxCoolDown: 300 })

export type ValidationMode = boolean | 'report-only'
export type TlsVersion = 'auto' | 'TLSv1' | 'TLSv1.1' | 'TLSv1.2' | 'TLSv1.3'

/** Checked options; absent means "not set" (the default applies). */
export interface UpstreamOptions {
  readonly timeout?: number
  readonly connectTimeout?: number
  readonly ttfbTimeout?: number
  readonly sendXForwardedFor?: boolean
  /** The `set-response-headers` object, applied like the action (UP-RESP-4). */
  readonly setResponseHeaders?: JsonObject
  readonly tlsVersion?: TlsVersion
  readonly tlsCiphers?: string
  readonly ignoreCertificateErrors?: boolean
  readonly clientCertificateFile?: string
  readonly clientCertificatePassword?: string
  readonly transportProtocol?: 'http' | 'https'
  readonly transportServer?: string
  readonly transportPort?: number
  readonly proxyServer?: string
  readonly proxyCredentials?: string
  readonly useHttpCache?: boolean
  /** Seconds; 0 disables forced caching. */
  readonly forceCacheTtl?: number
  readonly forceCacheRefresh?: boolean
  readonly respectClientCacheHeaders?: boolean
  readonly followRedirects?: boolean
  readonly maxRedirects?: number
  readonly basicAuthCredentials?: string
  readonly queryEncodingRawChars?: string
  readonly disableConnectionReuse?: boolean
  readonly mockResponse?: boolean
  readonly validateRequest?: ValidationMode
  readonly validateRequestSecurity?: ValidationMode
  readonly validateResponse?: ValidationMode
  readonly definition?: string
  readonly exitOnError?: boolean
  /** UP-POOL-5: further attempts after a failed one; the pool's value, else 0. */
  readonly retries?: number
  /** Seconds: the base of the back-off (UP-POOL-7). */
  readonly retryDelay?: number
  readonly retryNonIdempotent?: boolean
  /** UP-POOL-4: a circuit breaker for a plain origin (`true`: the defaults). */
  readonly circuitBreaker?: BreakerSpec
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

type OptionReader = (
  value: JsonValue,
  path: ConfigPath,
  problems: ConfigProblems,
  into: Mutable<UpstreamOptions>,
) => void

const TLS_VERSIONS: Readonly<Record<string, TlsVersion>> = {
  auto: 'auto',
  TLSv1: 'TLSv1',
  'TLSv1.0': 'TLSv1',
  'TLSv1.1': 'TLSv1.1',
  'TLSv1.2': 'TLSv1.2',
  'TLSv1.3': 'TLSv1.3',
}

function timeoutReader(key: 'timeout' | 'connectTimeout' | 'ttfbTimeout'): OptionReader {
  return (value, path, problems, into) => {
    const seconds = optionNumber(value, path, problems, 'a number of seconds greater than 0')
    if (seconds === undefined) return
    if (seconds <= 0) problems.error(path, `${pathText(path)} must be greater than 0`)
    else into[key] = seconds
  }
}

type BooleanOption =
  | 'sendXForwardedFor'
  | 'ignoreCertificateErrors'
  | 'useHttpCache'
  | 'forceCacheRefresh'
  | 'respectClientCacheHeaders'
  | 'followRedirects'
  | 'disableConnectionReuse'
  | 'mockResponse'
  | 'exitOnError'
  | 'retryNonIdempotent'

function booleanReader(key: BooleanOption): OptionReader {
  return (value, path, problems, into) => {
    const flag = optionBoolean(value, path, problems)
    if (flag !== undefined) into[key] = flag
  }
}

function stringReader(
  key: 'tlsCiphers' | 'clientCertificateFile' | 'clientCertificatePassword' | 'transportServer' | 'definition',
): OptionReader {
  return (value, path, problems, into) => {
    if (typeof value === 'string') into[key] = value
    else problems.error(path, `${pathText(path)} must be a string, not ${jsonTypeName(value)}`)
  }
}

function integerReader(
  key: 'maxRedirects' | 'forceCacheTtl' | 'transportPort' | 'retries',
  min: number,
  max: number,
): OptionReader {
  return (value, path, problems, into) => {
    const range = max === Infinity ? `an integer >= ${min}` : `an integer from ${min} to ${max}`
    const number = optionNumber(value, path, problems, range)
    if (number === undefined) return
    if (!Number.isInteger(number) || number < min || number > max)
      problems.error(path, `${pathText(path)} must be ${range}, not ${describe(value)}`)
    else into[key] = number
  }
}

function modeReader(key: 'validateRequest' | 'validateRequestSecurity' | 'validateResponse'): OptionReader {
  return (value, path, problems, into) => {
    if (value === 'report-only') into[key] = 'report-only'
    else if (value === true || value === 'true') into[key] = true
    else if (value === false || value === 'false') into[key] = false
    else problems.error(path, `${pathText(path)} must be true, false or "report-only", not ${describe(value)}`)
  }
}

/** `user:password`, split at the first `:` (UP-NET-6); a value without `:` is an error. */
function credentialsReader(key: 'basicAuthCredentials' | 'proxyCredentials'): OptionReader {
  return (value, path, problems, into) => {
    if (typeof value !== 'string')
      problems.error(path, `${pathText(path)} must be a string "user:password", not ${jsonTypeName(value)}`)
    else if (!value.includes(':')) problems.error(path, `${pathText(path)} must have the form user:password`)
    else into[key] = value
  }
}

/** UP-CFG-7: printable ASCII except space, `#`, `%`, `&`, `+` and `=`. */
const RAW_CHARS = /^[!-~]*$/
const RAW_CHARS_FORBIDDEN = /[#%&+=]/

const OPTION_READERS: Readonly<Record<string, OptionReader>> = {
  timeout: timeoutReader('timeout'),
  'connect-timeout': timeoutReader('connectTimeout'),
  'time-to-first-byte-timeout': timeoutReader('ttfbTimeout'),
  'send-x-forwarded-for': booleanReader('sendXForwardedFor'),
  'set-response-headers': (value, path, problems, into) => {
    if (!(value instanceof JsonObject)) {
      problems.error(path, `${pathText(path)} must be an object, not ${jsonTypeName(value)}`)
      return
    }
    checkResponseHeaderFields(value, path, problems)
    into.setResponseHeaders = value
  },
  'tls-version': (value, path, problems, into) => {
    const version = typeof value === 'string' && Object.hasOwn(TLS_VERSIONS, value) ? TLS_VERSIONS[value] : undefined
    if (version === undefined)
      problems.error(
        path,
        `${pathText(path)} must be one of auto, TLSv1, TLSv1.0, TLSv1.1, TLSv1.2, TLSv1.3, not ${describe(value)}`,
      )
    else into.tlsVersion = version
  },
  'tls-ciphers': stringReader('tlsCiphers'),
  'ignore-certificate-errors': booleanReader('ignoreCertificateErrors'),
  'client-certificate-file': stringReader('clientCertificateFile'),
  'client-certificate-password': stringReader('clientCertificatePassword'),
  'transport-protocol': (value, path, problems, into) => {
    if (value === 'http' || value === 'https') into.transportProtocol = value
    else problems.error(path, `${pathText(path)} must be http or https, not ${describe(value)}`)
  },
  'transport-server': stringReader('transportServer'),
  'transport-port': integerReader('transportPort', 1, 65535),
  'proxy-server': (value, path, problems, into) => {
    if (
      typeof value === 'string' &&
      /^[^\s:/?#]+:\d{1,5}$/.test(value) &&
      Number(value.slice(value.lastIndexOf(':') + 1)) <= 65535
    )
      into.proxyServer = value
    else problems.error(path, `${pathText(path)} must be host:port, not ${describe(value)}`)
  },
  'proxy-credentials': credentialsReader('proxyCredentials'),
  'use-http-cache': booleanReader('useHttpCache'),
  'force-cache-ttl': integerReader('forceCacheTtl', 0, Infinity),
  'force-cache-refresh': booleanReader('forceCacheRefresh'),
  'respect-client-cache-headers': booleanReader('respectClientCacheHeaders'),
  'follow-redirects': booleanReader('followRedirects'),
  'max-redirects': integerReader('maxRedirects', 0, 20),
  'basic-auth-credentials': credentialsReader('basicAuthCredentials'),
  'query-encoding-raw-chars': (value, path, problems, into) => {
    if (typeof value !== 'string')
      problems.error(path, `${pathText(path)} must be a string, not ${jsonTypeName(value)}`)
    else if (!RAW_CHARS.test(value) || RAW_CHARS_FORBIDDEN.test(value)) {
      problems.error(
        path,
        `${pathText(path)} may only hold printable ASCII characters other than space, #, %, &, + and =`,
      )
    } else into.queryEncodingRawChars = value
  },
  'disable-connection-reuse': booleanReader('disableConnectionReuse'),
  'mock-response': booleanReader('mockResponse'),
  'validate-request': modeReader('validateRequest'),
  'validate-request-security': modeReader('validateRequestSecurity'),
  'validate-response': modeReader('validateResponse'),
  definition: stringReader('definition'),
  'exit-on-error': booleanReader('exitOnError'),
  retries: integerReader('retries', 0, 10),
  'retry-delay': (value, path, problems, into) => {
    const seconds = optionNumber(value, path, problems, 'a number of seconds greater than 0')
    if (seconds === undefined) return
    if (seconds <= 0) problems.error(path, `${pathText(path)} must be greater than 0`)
    else into.retryDelay = seconds
  },
  'retry-non-idempotent': booleanReader('retryNonIdempotent'),
  'circuit-breaker': (value, path, problems, into) => {
    const flag = value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined
    if (flag !== undefined) {
      if (flag) into.circuitBreaker = DEFAULT_BREAKER
      return
    }
    if (!(value instanceof JsonObject)) {
      problems.error(path, `${pathText(path)} must be true, false or {failures, cool-down, max-cool-down}`)
      return
    }
    const spec = { ...DEFAULT_BREAKER }
    let valid = true
    for (const [name, member] of membersOf(value)) {
      const at = [...path, name]
      if (name !== 'failures' && name !== 'cool-down' && name !== 'max-cool-down') {
        problems.warning(at, `unknown property ${JSON.stringify(name)} of circuit-breaker is ignored`)
        continue
      }
      const whole = name === 'failures'
      const expected = whole ? 'a whole number from 1 to 1000' : 'a number of seconds greater than 0'
      const number = optionNumber(member, at, problems, expected)
      if (number === undefined) valid = false
      else if (whole ? !Number.isInteger(number) || number < 1 || number > 1000 : number <= 0) {
        problems.error(at, `${pathText(at)} must be ${expected}, not ${describe(member)}`)
        valid = false
      } else if (whole) spec.failures = number
      else spec[name === 'cool-down' ? 'coolDown' : 'maxCoolDown'] = number
    }
    if (valid && spec.maxCoolDown < spec.coolDown)
      problems.error(path, `${pathText(path)}: max-cool-down must not be less than cool-down`)
    else if (valid) into.circuitBreaker = spec
  },
}

export const OPTION_NAMES: readonly string[] = Object.keys(OPTION_READERS)

/** Checks `options` (UP-OPT-1); the result holds every valid option that was set. */
export function checkOptions(
  value: JsonValue | undefined,
  path: ConfigPath,
  problems: ConfigProblems,
): UpstreamOptions {
  const into: Mutable<UpstreamOptions> = {}
  if (value === undefined || value === null) return into
  if (!(value instanceof JsonObject)) {
    problems.error(path, `${pathText(path)} must be an object, not ${jsonTypeName(value)}`)
    return into
  }
  for (const [name, option] of membersOf(value)) {
    const reader = Object.hasOwn(OPTION_READERS, name) ? OPTION_READERS[name] : undefined
    const at = [...path, name]
    if (reader === undefined) problems.warning(at, `unknown option ${JSON.stringify(name)} is ignored`)
    else if (option !== null) reader(option, at, problems, into)
  }
  crossChecks(into, path, problems)
  return into
}

/**
 * Rules that involve several options (UP-CACHE-1). UP-VAL-2 (a validation or mocking option without
 * `definition`) is not a shape error: a CE when static, else error 3211 (upstream-contract.ts).
 */
function crossChecks(options: UpstreamOptions, path: ConfigPath, problems: ConfigProblems): void {
  if (options.useHttpCache === true && (options.forceCacheTtl ?? 0) > 0) {
    problems.error([...path, 'force-cache-ttl'], 'use-http-cache and a positive force-cache-ttl cannot be combined')
  }
}

/**
 * The shape checks of ACT-set-response-headers-2..4 that a value can fail before anything is sent
 * (UP-RESP-4), with the action's own rules; `Status` is ignored (warning).
 */
function checkResponseHeaderFields(object: JsonObject, path: ConfigPath, problems: ConfigProblems): void {
  for (const [name, value] of membersOf(object)) {
    const field = headerField(name, value)
    if (field.kind === 'invalid') problems.error([...path, name], `${pathText(path)}: ${field.reason}`)
    else if (field.kind === 'status')
      problems.warning([...path, name], `${pathText(path)} cannot set the status; Status is ignored`)
  }
}
