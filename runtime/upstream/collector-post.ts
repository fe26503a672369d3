/**
 * The gateway's connection to an OpenTelemetry collector at an `http:` URL (operations.md TR6): the
 * tracer's posts go out as upstream calls do, each one a Hop on a pool set up like every upstream
 * pool. Why: undici's code then meets one kind of handler and one shape of request options, the
 * gateway's; the same posts made with undici's `request` slowed every traced upstream call
 * (bench/README.md, "Observability").
 */
import { Pool } from 'undici'

import type { CollectorAnswer, CollectorConnection } from '../tracing/otlp-transport.js'
import { POOL_SETTINGS } from './dispatchers.js'
import { errorNameOf, transportFailure, UpstreamFailureError } from './failure.js'
import { Hop } from './hop.js'

/** Opens the connection to a collector origin (`http://host:port`): one connection, kept alive between posts. */
export function connectCollector(origin: string): CollectorConnection {
  return new PooledCollector(origin)
}

class PooledCollector implements CollectorConnection {
  readonly #pool: Pool

  constructor(readonly origin: string) {
    // one connection: the exporter posts one batch at a time
    this.#pool = new Pool(origin, { ...POOL_SETTINGS, connections: 1, pipelining: 1 })
  }

  async post(
    path: string,
    headers: string[],
    body: Buffer,
    timeoutMs: number,
    maxAnswerBytes: number,
  ): Promise<CollectorAnswer> {
    const hop = Hop.start(this.#pool, {
      origin: this.origin,
      path,
      method: 'POST',
      headers,
      body,
      servername: undefined,
      headersTimeoutMs: timeoutMs,
      bodyTimeoutMs: timeoutMs,
    })
    try {
      const head = await hop.head()
      const chunks = await hop.readBody(maxAnswerBytes, tooLarge).catch((error: unknown) => {
        if (hop.bytes > maxAnswerBytes) return null
        throw error
      })
      return { status: head.status, headers: head.rawHeaders, body: chunks === null ? null : Buffer.concat(chunks) }
    } catch (error) {
      throw withCode(error)
    }
  }

  close(): void {
    this.#pool.close().catch(() => undefined)
  }
}

function tooLarge(): UpstreamFailureError {
  return new UpstreamFailureError(transportFailure('answer too large', 'ETOOLARGE'))
}

/** undici's errors carry their code; the hop's own (its time-to-first-byte timer) get the log's error name. */
function withCode(error: unknown): unknown {
  if (!(error instanceof UpstreamFailureError)) return error
  return Object.assign(new Error(error.message), { code: errorNameOf(error.failure) })
}
