/**
 * One undici dispatcher per connection target (upstream.md UP-NET-1..4, UP-NET-7): a Pool of at most
 * 256 keep-alive connections by default (SVC_UPSTREAM_MAX_CONNECTIONS; idle ones closed after 4 s, or
 * earlier when the upstream's `Keep-Alive: timeout` says so), or a ProxyAgent for a forward proxy
 * (absolute-form for `http:`, a `CONNECT` tunnel for `https:`). TLS: `auto` allows TLS 1.2 and 1.3;
 * a pinned version is the only one allowed, and TLS 1.0/1.1 lower OpenSSL's security level
 * (`@SECLEVEL=0`). The set is bounded: beyond MAX_DISPATCHERS targets, the least recently used one
 * is closed gracefully.
 */
import type { Socket } from 'node:net'
import type { ConnectionOptions } from 'node:tls'

import { buildConnector, type Dispatcher, Pool, ProxyAgent } from 'undici'

import type { ConnectionTarget } from './connection-target.js'

export const POOL_CONNECTIONS = 256
const KEEP_ALIVE_MS = 4000
const MAX_DISPATCHERS = 512

/** What every pool of upstream connections shares (and the collector's, collector-post.ts). */
export const POOL_SETTINGS = {
  keepAliveTimeout: KEEP_ALIVE_MS,
  keepAliveMaxTimeout: KEEP_ALIVE_MS,
  // Timeouts are per request (hop.ts): the pool's defaults must never decide.
  headersTimeout: 0,
  bodyTimeout: 0,
} as const

export class Dispatchers {
  readonly #byKey = new Map<string, Dispatcher>()
  /** The most recently used dispatcher: last in #byKey's order already. */
  #latest: Dispatcher | null = null
  #closed = false

  constructor(
    /** Connect limit used when a request has none of its own (longer than any overall timeout). */
    readonly fallbackConnectTimeoutMs: number,
    /** Connections per pool (SVC_UPSTREAM_MAX_CONNECTIONS); further requests wait under their timeout. */
    readonly connections: number = POOL_CONNECTIONS,
  ) {}

  /** The dispatcher for a target (`key`: its targetKey), made on first use. */
  get(target: ConnectionTarget, key: string): Dispatcher {
    let dispatcher = this.#byKey.get(key)
    if (dispatcher !== undefined) {
      // Map order is recency order: move to the end (unless it is there already).
      if (dispatcher !== this.#latest) {
        this.#byKey.delete(key)
        this.#byKey.set(key, dispatcher)
        this.#latest = dispatcher
      }
      return dispatcher
    }
    if (this.#closed) throw new Error('the gateway is closed')
    dispatcher = this.#create(target)
    this.#byKey.set(key, dispatcher)
    this.#latest = dispatcher
    if (this.#byKey.size > MAX_DISPATCHERS) {
      const [oldestKey, oldest] = this.#byKey.entries().next().value!
      this.#byKey.delete(oldestKey)
      void oldest.close().catch(() => undefined)
    }
    return dispatcher
  }

  #create(target: ConnectionTarget): Dispatcher {
    const connect = connectOptions(target)
    const timeoutMs = target.connectTimeoutMs ?? this.fallbackConnectTimeoutMs
    const common = {
      ...POOL_SETTINGS,
      connections: this.connections,
      pipelining: target.disableReuse ? 0 : 1,
    }
    if (target.proxyServer !== null) {
      return new ProxyAgent({
        ...common,
        uri: `http://${target.proxyServer}`,
        token:
          target.proxyCredentials === null
            ? undefined
            : `Basic ${Buffer.from(target.proxyCredentials, 'utf8').toString('base64')}`,
        proxyTunnel: false,
        requestTls: { ...connect, timeout: timeoutMs },
        proxyTls: { timeout: timeoutMs },
      })
    }
    return new Pool(`${target.protocol}//${hostForUrl(target.hostname)}:${target.port}`, {
      ...common,
      connect: timedConnector(connect, timeoutMs),
    })
  }

  /**
   * Closes every dispatcher (gateway close, operations.md CL10). It runs once every client exchange
   * has ended, so nothing may wait for what is left (an exchange abandoned by its client).
   */
  async close(): Promise<void> {
    this.#closed = true
    const all = [...this.#byKey.values()]
    this.#byKey.clear()
    this.#latest = null
    await Promise.all(all.map((dispatcher) => dispatcher.destroy().catch(() => undefined)))
  }
}

function hostForUrl(hostname: string): string {
  return hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname
}

/**
 * undici's connector with a precise connect timer (UP-TIME-1: DNS, TCP and TLS handshake): undici's
 * own timer ticks in steps of up to a second. The error carries undici's code, so failure.ts reports
 * a connect timeout.
 */
function timedConnector(options: ConnectionOptions, timeoutMs: number): buildConnector.connector {
  const connect = buildConnector({ ...options, timeout: 0 } as buildConnector.BuildOptions)
  return (connectOptions, callback) => {
    let settled = false
    let socket: Socket | null = null
    const timer = setTimeout(() => {
      if (settled) return
      settled = true
      socket?.destroy()
      callback(
        Object.assign(new Error(`connect timeout after ${timeoutMs} ms`), { code: 'UND_ERR_CONNECT_TIMEOUT' }),
        null,
      )
    }, timeoutMs)
    // undici's connector returns the socket it opens, though its type says void.
    socket = (connect as (...args: Parameters<buildConnector.connector>) => unknown)(connectOptions, (...args) => {
      if (settled) {
        args[1]?.destroy()
        return
      }
      settled = true
      clearTimeout(timer)
      callback(...args)
    }) as Socket
  }
}

/** TLS settings of a target (UP-NET-1, UP-NET-2). */
function connectOptions(target: ConnectionTarget): ConnectionOptions {
  const settings: ConnectionOptions = {}
  if (target.protocol !== 'https:' && target.proxyServer === null) return settings
  settings.rejectUnauthorized = !target.ignoreCertificateErrors
  const version = target.tlsVersion
  if (version === 'auto') {
    settings.minVersion = 'TLSv1.2'
  } else {
    settings.minVersion = version
    settings.maxVersion = version
  }
  const lowered = version === 'TLSv1' || version === 'TLSv1.1'
  if (target.tlsCiphers !== null || lowered) {
    settings.ciphers = `${target.tlsCiphers ?? 'DEFAULT'}${lowered ? ':@SECLEVEL=0' : ''}`
  }
  if (target.certificate !== null) {
    settings.cert = target.certificate.pem
    settings.key = target.certificate.pem
    if (target.certificate.password !== null) settings.passphrase = target.certificate.password
  }
  return settings
}
