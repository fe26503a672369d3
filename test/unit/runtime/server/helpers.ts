/**
 * Test helpers for runtime/server: hand-built CompiledApps (routes from patterns, flows as plain
 * functions), an in-process gateway on 127.0.0.1 port 0 with its log lines captured, and two HTTP
 * clients: node:http for ordinary requests, a raw socket for bytes node's client would refuse to send.
 */
import { request } from 'node:http'
import { connect } from 'node:net'

import type { CompiledApp } from '../../../../runtime/app.js'
import { BREAK, type Completion, CONTINUE } from '../../../../runtime/context/completion.js'
import type { FlowContext } from '../../../../runtime/context/flow-context.js'
import type { FlowHandler } from '../../../../runtime/context/handler.js'
import { createRouteTable, flowHandler, type RouteSpec } from '../../../../runtime/router/index.js'
import type { RouteSegmentSpec } from '../../../../runtime/router/types.js'
import { createGateway, type Gateway } from '../../../../runtime/server/index.js'

export { BREAK, CONTINUE }

/** A flow handler from a function; returning nothing means CONTINUE. */
export function flow(
  file: string,
  body: (ctx: FlowContext) => void | Completion | Promise<void | Completion>,
): FlowHandler {
  return flowHandler(file, async (ctx) => (await body(ctx)) ?? CONTINUE)
}

/** Responds with `$request` as JSON (the main content is the OXN element, F-RESP-4). */
export const DUMP_REQUEST = flow('flows/dump.xml', (ctx) => {
  ctx.contents.main = ctx.vars.get('request')
})

/** A route spec from a definition path pattern; operations as `[METHOD, handler]`, or null (P4). */
export function route(
  pattern: string,
  operations: [string, FlowHandler | null][] | null,
  handler: FlowHandler | null = null,
): RouteSpec {
  const wildcard = pattern.endsWith('/**')
  const stem = wildcard ? pattern.slice(0, -3) : pattern
  const segments: RouteSegmentSpec[] =
    stem === ''
      ? []
      : stem
          .slice(1)
          .split('/')
          .map((s) => (s.startsWith('{') && s.endsWith('}') ? { param: s.slice(1, -1) } : s))
  return { pattern, segments, wildcard, operations, handler }
}

export interface AppParts {
  readonly basePath?: string
  readonly routes: RouteSpec[]
  readonly initFlow?: FlowHandler
  readonly errorFlow?: FlowHandler
  readonly defaultFlow?: FlowHandler
}

export function makeApp(parts: AppParts): CompiledApp {
  return {
    basePath: parts.basePath ?? '/',
    routes: createRouteTable(parts.routes),
    initFlow: parts.initFlow ?? null,
    errorFlow: parts.errorFlow ?? null,
    defaultFlow: parts.defaultFlow ?? null,
    version: '1.2.3',
    revision: 'abc123def456',
  }
}

export interface TestGateway {
  readonly gateway: Gateway
  readonly port: number
  /** Every log line written so far, parsed. */
  readonly lines: Record<string, unknown>[]
  /** Log lines of one type. */
  logs(type: string): Record<string, unknown>[]
  /** Waits until a line of `type` matching `where` has been written. */
  waitForLog(type: string, where?: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>
  close(): Promise<void>
}

export async function startTestGateway(app: CompiledApp, env: Record<string, string> = {}): Promise<TestGateway> {
  const lines: Record<string, unknown>[] = []
  const waiters: (() => void)[] = []
  const gateway = createGateway(app, {
    siteRoot: '/site',
    env: { PORT: '0', HOST: '127.0.0.1', ...env },
    logSink: (line) => {
      lines.push(JSON.parse(line) as Record<string, unknown>)
      for (const wake of waiters.splice(0)) wake()
    },
  })
  const { port } = await gateway.listen()
  const logs = (type: string) => lines.filter((l) => l['type'] === type)
  return {
    gateway,
    port,
    lines,
    logs,
    async waitForLog(type, where = () => true) {
      for (;;) {
        const found = logs(type).find(where)
        if (found) return found
        await new Promise<void>((resolve) => waiters.push(resolve))
      }
    },
    close: () => gateway.close(),
  }
}

export interface Reply {
  readonly status: number
  readonly statusMessage: string
  readonly headers: Record<string, string | string[] | undefined>
  /** Header names and values as sent, in order. */
  readonly rawHeaders: string[]
  readonly body: Buffer
  readonly text: string
  /** The body parsed as JSON. */
  json(): any
}

export interface Ask {
  readonly method?: string
  readonly path?: string
  /** Sent in order; repeated names allowed. */
  readonly headers?: [string, string][]
  readonly body?: string | Buffer
}

export function ask(port: number, options: Ask = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path ?? '/',
        agent: false,
        setHost: true,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const body = Buffer.concat(chunks)
          resolve({
            status: res.statusCode ?? 0,
            statusMessage: res.statusMessage ?? '',
            headers: res.headers,
            rawHeaders: res.rawHeaders,
            body,
            text: body.toString('utf8'),
            json: () => JSON.parse(body.toString('utf8')),
          })
        })
        res.on('error', reject)
      },
    )
    for (const [name, value] of options.headers ?? []) {
      const earlier = outgoing.getHeader(name)
      outgoing.setHeader(
        name,
        earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [String(earlier)]), value],
      )
    }
    outgoing.on('error', reject)
    outgoing.end(options.body)
  })
}

/** Sends raw bytes and collects everything until the server closes the connection. */
export function rawExchange(
  port: number,
  bytes: string | Buffer,
  options: { endAfterWrite?: boolean } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the answer arrived still leaves the answer to check.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') resolve(Buffer.concat(chunks).toString('latin1'))
      else reject(error)
    })
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')))
    socket.write(bytes)
    if (options.endAfterWrite) socket.end()
  })
}

/** Splits a raw HTTP/1.1 response into status line, headers (in order) and body. */
export function parseRaw(text: string): { statusLine: string; headers: [string, string][]; body: string } {
  const end = text.indexOf('\r\n\r\n')
  const head = text.slice(0, end).split('\r\n')
  return {
    statusLine: head[0]!,
    headers: head.slice(1).map((line) => {
      const colon = line.indexOf(':')
      return [line.slice(0, colon), line.slice(colon + 1).trim()] as [string, string]
    }),
    body: text.slice(end + 4),
  }
}
