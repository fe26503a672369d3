/**
 * Test helpers for runtime/upstream: a recording upstream (a real node:http server on 127.0.0.1,
 * port 0) and a FlowContext wired to real UpstreamServices with captured log lines.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { FlowContext, type GatewayServices } from '../../../../runtime/context/flow-context.js'
import { plainValue } from '../../../../runtime/log/alert.js'
import { createLogger } from '../../../../runtime/log/logger.js'
import { parseJson } from '../../../../runtime/oxn/index.js'
import { type CompiledTemplate, defineTemplate, templateText } from '../../../../runtime/template/compiled-template.js'
import { UpstreamServices, type UpstreamSettings } from '../../../../runtime/upstream/services.js'
import type { JsonValue } from '../../../../runtime/values/json-value.js'

export interface Recorded {
  readonly method: string
  readonly url: string
  /** Names as sent (raw case), values as byte strings. */
  readonly rawHeaders: string[]
  /** Lower-case names; repeated fields joined by `, `. */
  readonly headers: Record<string, string>
  readonly body: Buffer
}

export type UpstreamHandler = (req: IncomingMessage, res: ServerResponse, recorded: Recorded) => void

export interface Upstream {
  readonly origin: string
  readonly port: number
  readonly requests: Recorded[]
  readonly server: Server
  close(): Promise<void>
}

/** Answers `200 {"ok":true}` unless a handler says otherwise; records every request with its body. */
export async function startUpstream(handler?: UpstreamHandler): Promise<Upstream> {
  const requests: Recorded[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const headers: Record<string, string> = {}
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i]!.toLowerCase()
        headers[name] =
          headers[name] === undefined ? req.rawHeaders[i + 1]! : `${headers[name]}, ${req.rawHeaders[i + 1]}`
      }
      const recorded: Recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        rawHeaders: [...req.rawHeaders],
        headers,
        body: Buffer.concat(chunks),
      }
      requests.push(recorded)
      if (handler) handler(req, res, recorded)
      else {
        res.setHeader('Content-Type', 'application/json')
        res.end('{"ok":true}')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export const DEFAULT_SETTINGS: UpstreamSettings = {
  defaultTimeoutMs: 3000,
  defaultConnectTimeoutMs: 0,
  defaultTtfbTimeoutMs: 0,
  maxTimeoutMs: 60000,
  maxUpstreamBodySize: 104857600,
  maxBodySize: 10485760,
  requestIdHeader: 'X-Request-ID',
}

export interface TestContext {
  readonly ctx: FlowContext
  readonly services: UpstreamServices
  /** Parsed log lines. */
  readonly lines: Record<string, any>[]
  logs(type: string): Record<string, any>[]
  /** Makes the request's signal fire (the client went away). */
  abort(): void
}

export function upstreamContext(
  settings: Partial<UpstreamSettings> = {},
  services?: UpstreamServices,
  requestId = 'req-1',
): TestContext {
  const lines: Record<string, any>[] = []
  const upstream = services ?? new UpstreamServices({ ...DEFAULT_SETTINGS, ...settings }, '/site')
  const gateway: GatewayServices = {
    siteRoot: '/site',
    logger: createLogger((line) => lines.push(JSON.parse(line))),
    env: [],
    server: [],
    upstream,
  }
  const controller = new AbortController()
  const ctx = new FlowContext(gateway, requestId, controller.signal)
  return {
    ctx,
    services: upstream,
    lines,
    logs: (type) => lines.filter((line) => line['type'] === type),
    abort: () => controller.abort(),
  }
}

export function json(text: string): JsonValue {
  return parseJson(text)
}

/** A `request` body written as fixed JSON text: a template without commands, as the compiler makes it. */
export function requestBody(text: string): CompiledTemplate {
  const piece = templateText(text)
  return defineTemplate({ at: 'flows/test.xml:2:3', action: 'request' }, (t) => t.text(piece))
}

/** `$upstream` as plain data (numbers as doubles), or undefined while unset. */
export function upstreamVariable(ctx: FlowContext): any {
  const node = ctx.vars.get('upstream')[0] as { json?: JsonValue } | undefined
  return node?.json === undefined ? undefined : plainValue(node.json)
}

/** `$error` as plain data, or undefined. */
export function errorVariable(ctx: FlowContext): any {
  const node = ctx.vars.get('error')[0] as { json?: JsonValue } | undefined
  return node?.json === undefined ? undefined : plainValue(node.json)
}

/** What a test started and closes after it, last first: `afterEach(() => cleanups.run())`. */
export class Cleanups {
  readonly #pending: (() => Promise<void> | void)[] = []

  add(close: () => Promise<void> | void): void {
    this.#pending.push(close)
  }

  /** An upstream on 127.0.0.1, closed after the test. */
  async upstream(handler?: UpstreamHandler): Promise<Upstream> {
    const upstream = await startUpstream(handler)
    this.add(() => upstream.close())
    return upstream
  }

  /** Closes what was added last, now. */
  async closeLast(): Promise<void> {
    await this.#pending.pop()?.()
  }

  async run(): Promise<void> {
    for (const close of this.#pending.splice(0).reverse()) await close()
  }
}

/** 64 KiB of `x`: the unit of the large bodies of the streaming tests. */
const BODY_CHUNK = Buffer.alloc(64 * 1024, 'x')

/** Writes `total` bytes (whole 64 KiB chunks) to `out` with backpressure, then calls `done`. */
export function writeMany(
  out: NodeJS.WritableStream & { once(event: 'drain', listener: () => void): unknown },
  total: number,
  done: () => void,
): void {
  let sent = 0
  const next = (): void => {
    while (sent < total) {
      sent += BODY_CHUNK.length
      if (!out.write(BODY_CHUNK)) {
        out.once('drain', next)
        return
      }
    }
    done()
  }
  next()
}
