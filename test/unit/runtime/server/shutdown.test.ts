/**
 * Graceful shutdown (operations.md CL10) in-process through Gateway.close(), and startServer in a
 * real child process (CL9 listening line and bind failure, CF3 refusal, SIGTERM/SIGINT exit 0).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ask, flow, makeApp, rawExchange, route, startTestGateway } from './helpers.js'

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe('CL10 Gateway.close()', () => {
  it('lets an in-flight request finish with Connection: close, refuses new connections, logs stopping/stopped', async () => {
    const release = deferred()
    const entered = deferred()
    const app = makeApp({
      routes: [
        route(
          '/slow',
          null,
          flow('flows/slow.xml', async (ctx) => {
            entered.resolve()
            await release.promise
            ctx.contents.main = ['done']
          }),
        ),
      ],
    })
    const gw = await startTestGateway(app)
    const pending = ask(gw.port, { path: '/slow' })
    await entered.promise
    let closed = false
    const closing = gw.close().then(() => (closed = true))
    await gw.waitForLog('svc_system', (l) => l['message'] === 'stopping')
    await expect(ask(gw.port, { path: '/slow' })).rejects.toThrow(/ECONNREFUSED/)
    expect(closed).toBe(false)
    release.resolve()
    const reply = await pending
    expect(reply.text).toBe('done')
    expect(reply.headers['connection']).toBe('close')
    await closing
    expect(gw.logs('svc_system').map((l) => [l['level'], l['message']])).toEqual([
      ['info', 'stopping'],
      ['info', 'stopped'],
    ])
  })

  it('closes idle keep-alive connections at once', async () => {
    const gw = await startTestGateway(
      makeApp({
        routes: [
          route(
            '/x',
            null,
            flow('flows/x.xml', () => {}),
          ),
        ],
      }),
    )
    // a keep-alive connection that stays open after its response
    const raw = rawExchange(gw.port, 'GET /x HTTP/1.1\r\nHost: h\r\n\r\n')
    await gw.waitForLog('svc_access')
    const started = Date.now()
    await gw.close()
    expect(await raw).toMatch(/^HTTP\/1.1 200 OK/)
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('aborts requests still running after SVC_SHUTDOWN_TIMEOUT', async () => {
    const entered = deferred()
    const app = makeApp({
      routes: [
        route(
          '/hang',
          null,
          flow('flows/hang.xml', async (ctx) => {
            entered.resolve()
            await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()))
          }),
        ),
      ],
    })
    const gw = await startTestGateway(app, { SVC_SHUTDOWN_TIMEOUT: '0.2' })
    const pending = ask(gw.port, { path: '/hang' }).then(
      () => 'answered',
      () => 'dropped',
    )
    await entered.promise
    const started = Date.now()
    await gw.close()
    expect(Date.now() - started).toBeGreaterThanOrEqual(150)
    expect(await pending).toBe('dropped')
    expect(await gw.waitForLog('svc_access', (l) => l['aborted'] === true)).toMatchObject({
      status: 499,
      path: '/hang',
    })
  })
})

describe('startServer in a child process', () => {
  let dir: string
  let entry: string

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-server-test-'))
    const runtime = fileURLToPath(new URL('../../../../runtime/', import.meta.url))
    const source = join(dir, 'entry.ts')
    writeFileSync(
      source,
      `import { startServer, createRouteTable, flowHandler, CONTINUE } from ${JSON.stringify(join(runtime, 'index.ts'))}
const slow = flowHandler('flows/slow.xml', async (ctx) => {
  ctx.gateway.logger.write('test_entered', {})
  await new Promise((resolve) => setTimeout(resolve, 300))
  ctx.contents.main = ['slow done']
  return CONTINUE
})
const app = { basePath: '/', routes: createRouteTable([{ pattern: '/slow', segments: ['slow'], wildcard: false, operations: null, handler: slow }]),
  initFlow: null, errorFlow: null, defaultFlow: null, version: '9.9.9', revision: 'rev1' }
await startServer(app, { siteRoot: ${JSON.stringify(dir)} })
`,
    )
    entry = join(dir, 'server.mjs')
    // Like compiler/emit/bundle.ts: CommonJS dependencies of the runtime (undici) need `require` in ESM.
    const banner =
      "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);"
    await build({
      entryPoints: [source],
      outfile: entry,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      logLevel: 'silent',
      banner: { js: banner },
    })
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  interface Child {
    lines: Record<string, unknown>[]
    waitFor(where: (l: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>
    exit: Promise<number | null>
    kill(signal: NodeJS.Signals): void
  }

  function run(env: Record<string, string>): Child {
    const child = spawn(process.execPath, [entry], {
      env: { PATH: process.env['PATH'] ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const lines: Record<string, unknown>[] = []
    const waiters: (() => void)[] = []
    createInterface({ input: child.stderr }).on('line', (line) => {
      lines.push(JSON.parse(line) as Record<string, unknown>)
      for (const wake of waiters.splice(0)) wake()
    })
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    return {
      lines,
      exit,
      kill: (signal) => child.kill(signal),
      async waitFor(where) {
        for (;;) {
          const found = lines.find(where)
          if (found) return found
          await new Promise<void>((resolve) => waiters.push(resolve))
        }
      },
    }
  }

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'CL9 LG8 listening line; CL10 %s finishes the running request and exits 0',
    async (signal) => {
      const child = run({ PORT: '0', HOST: '127.0.0.1', SVC_SERVER_ROLE: 'qa' })
      const listening = await child.waitFor((l) => l['message'] === 'listening')
      expect(listening).toMatchObject({
        type: 'svc_system',
        level: 'info',
        host: '127.0.0.1',
        version: '9.9.9',
        revision: 'rev1',
        role: 'qa',
      })
      const port = listening['port'] as number
      expect(port).toBeGreaterThan(0)
      const pending = ask(port, { path: '/slow' })
      await child.waitFor((l) => l['type'] === 'test_entered')
      child.kill(signal)
      const reply = await pending
      expect([reply.status, reply.text, reply.headers['connection']]).toEqual([200, 'slow done', 'close'])
      expect(await child.exit).toBe(0)
      const messages = child.lines.filter((l) => l['type'] === 'svc_system').map((l) => l['message'])
      expect(messages).toEqual(['listening', 'stopping', 'stopped'])
      expect(child.lines.filter((l) => l['type'] === 'svc_access')).toHaveLength(1)
    },
  )

  it('CF3 an invalid value: one svc_system error line naming the variable, exit 1', async () => {
    const child = run({ PORT: '0', HOST: '127.0.0.1', SVC_UID_FORMAT: 'ulid' })
    expect(await child.exit).toBe(1)
    expect(child.lines).toHaveLength(1)
    expect(child.lines[0]).toMatchObject({ type: 'svc_system', level: 'error', variable: 'SVC_UID_FORMAT' })
    expect(String(child.lines[0]!['message'])).toContain('SVC_UID_FORMAT')
  })

  it('CL9 the port cannot be bound: error line, exit 1', async () => {
    const blocker: Server = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as { port: number }).port
    const child = run({ PORT: String(port), HOST: '127.0.0.1' })
    const code = await child.exit
    blocker.close()
    expect(code).toBe(1)
    expect(child.lines).toHaveLength(1)
    expect(child.lines[0]).toMatchObject({ type: 'svc_system', level: 'error', port })
    expect(String(child.lines[0]!['message'])).toContain('EADDRINUSE')
  })
})
