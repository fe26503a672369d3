/**
 * Where and how an upstream connection is made (upstream.md UP-NET-1..4, UP-NET-7): the wire
 * protocol, host and port (UP-NET-3 transport options, only for the configured origin), a forward
 * proxy, the TLS settings and the connect timeout. Two requests share pooled connections only when
 * their targets are equal, so a connection opened with other TLS settings or credentials is never
 * reused by a request without them.
 */
import type { TlsVersion, UpstreamOptions } from './options.js'

export interface ClientCertificate {
  readonly path: string
  /** PEM text holding the certificate chain and the private key. */
  readonly pem: string
  readonly password: string | null
}

export interface ConnectionTarget {
  readonly protocol: 'http:' | 'https:'
  readonly hostname: string
  readonly port: number
  /** `host:port` of a forward proxy (UP-NET-4). */
  readonly proxyServer: string | null
  readonly proxyCredentials: string | null
  readonly tlsVersion: TlsVersion
  readonly tlsCiphers: string | null
  readonly ignoreCertificateErrors: boolean
  readonly certificate: ClientCertificate | null
  /** Separate connect limit in ms; null when the overall timeout is the only limit (UP-TIME-2). */
  readonly connectTimeoutMs: number | null
  /** `disable-connection-reuse`: every connection serves one request (UP-NET-7). */
  readonly disableReuse: boolean
}

/** Where a connection goes: host, port and protocol, and a forward proxy (UP-NET-3, UP-NET-4). */
export type TargetPlace = Pick<ConnectionTarget, 'protocol' | 'hostname' | 'port' | 'proxyServer' | 'proxyCredentials'>

/** The target at `place` with the request's TLS, client certificate, connect and reuse settings. */
export function connectionTarget(
  place: TargetPlace,
  options: UpstreamOptions,
  certificate: ClientCertificate | null,
  connectTimeoutMs: number | null,
): ConnectionTarget {
  return {
    ...place,
    tlsVersion: options.tlsVersion ?? 'auto',
    tlsCiphers: options.tlsCiphers ?? null,
    ignoreCertificateErrors: options.ignoreCertificateErrors === true,
    certificate,
    connectTimeoutMs,
    disableReuse: options.disableConnectionReuse === true,
  }
}

/** A string identifying the target (pool and cache keys, UP-NET-7, UP-CACHE-7); never holds secrets. */
export function targetKey(target: ConnectionTarget): string {
  return [
    target.protocol,
    target.hostname,
    target.port,
    target.proxyServer ?? '',
    target.proxyCredentials === null ? '' : digestOf(target.proxyCredentials),
    target.tlsVersion,
    target.tlsCiphers ?? '',
    target.ignoreCertificateErrors ? 'insecure' : '',
    target.certificate === null ? '' : `${target.certificate.path}#${digestOf(target.certificate.password ?? '')}`,
    target.connectTimeoutMs ?? '',
    target.disableReuse ? 'no-reuse' : '',
  ].join('|')
}

/** A connection target with its key. */
export interface KeyedTarget {
  readonly target: ConnectionTarget
  readonly key: string
}

interface KnownTarget extends KeyedTarget {
  readonly origin: string
  readonly configuredOrigin: string
}

/**
 * The targets of one gateway, remembered per checked options object: a checked configuration is
 * reused from request to request (config-memo.ts), and so is the target its requests connect to,
 * instead of building the object and its key for every request. One entry per options object: the
 * last origin it was used with.
 */
export class ConnectionTargets {
  readonly #known = new WeakMap<object, KnownTarget>()

  /** The target remembered for these inputs, if any. */
  get(
    options: object,
    origin: string,
    configuredOrigin: string,
    certificate: ClientCertificate | null,
    connectTimeoutMs: number | null,
  ): KeyedTarget | undefined {
    const known = this.#known.get(options)
    if (known === undefined || known.origin !== origin || known.configuredOrigin !== configuredOrigin) return undefined
    const target = known.target
    return target.certificate === certificate && target.connectTimeoutMs === connectTimeoutMs ? known : undefined
  }

  remember(options: object, origin: string, configuredOrigin: string, target: ConnectionTarget): KeyedTarget {
    const known: KnownTarget = { target, key: targetKey(target), origin, configuredOrigin }
    this.#known.set(options, known)
    return known
  }
}

/** A short non-reversible tag for secrets inside keys (FNV-1a). */
function digestOf(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16)
}

/** Effective timeouts of one request in ms (upstream.md UP-TIME-1, UP-TIME-2; operations.md CF4). */
export interface TimeoutLimits {
  readonly overallMs: number
  /** The connect limit as reported in messages. */
  readonly connectMs: number
  /** Whether the connect limit is separate (shorter than the overall one). */
  readonly separateConnect: boolean
  /** 0: no separate time-to-first-byte limit. */
  readonly ttfbMs: number
}
