/**
 * The hot-swapping host of `svc-compile --serve --watch` (operations.md CL7, CL10): one port for all
 * builds, requests in progress finish on the build that took them, new ones go to the new build,
 * metrics span builds, 503 before the first build, and a graceful close with health 503.
 */
import { afterEach, describe, expect, it } from 'vitest'

import type { CompiledApp } from '../../../../runtime/app.js'
import { SwapHost } from '../../../../runtime/cluster/swap-host.js'
import { unfinishedRequest } from '../../../helpers/raw-http.js'
import { ask, flow, makeApp, route } from '../server/helpers.js'

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

function appSaying(text: string, gate?: { entered: () => void; release: Promise<void> }): CompiledApp {
  return makeApp({
    routes: [
      route(
        '/say',
        null,
        flow('flows/say.xml', async (ctx) => {
          if (gate && ctx.request!.headers.get('x-slow') === 'yes') {
            gate.entered()
            await gate.release
          }
          ctx.contents.main = [text]
        }),
      ),
    ],
  })
}

let host: SwapHost | undefined
const lines: Record<string, unknown>[] = []
afterEach(async () => {
  await host?.close()
  host = undefined
  lines.length = 0
})

function startHost(env: Record<string, string> = {}): SwapHost {
  host = new SwapHost({
    siteRoot: '/site',
    env: { PORT: '0', HOST: '127.0.0.1', ...env },
    logSink: (line) => lines.push(JSON.parse(line)),
  })
  return host
}

describe('CL7 swapping builds on one port', () => {
  it('answers 503 until the first build, then serves each installed build', async () => {
    const h = startHost()
    const { port } = await h.listen()
    expect((await ask(port, { path: '/say' })).status).toBe(503)
    h.install(appSaying('first'))
    expect((await ask(port, { path: '/say' })).text).toBe('first')
    h.install(appSaying('second'))
    expect((await ask(port, { path: '/say' })).text).toBe('second')
  })

  it('a request in progress finishes on the build that took it; new requests use the new build', async () => {
    const h = startHost({ SVC_STATUS_AUTH: 'ops:pw' })
    const { port } = await h.listen()
    const entered = deferred()
    const release = deferred()
    h.install(appSaying('old', { entered: entered.resolve, release: release.promise }))
    const slow = ask(port, { path: '/say', headers: [['X-Slow', 'yes']] })
    await entered.promise
    const old = h.gateway!
    h.install(appSaying('new'))
    expect(h.gateway).not.toBe(old)
    expect((await ask(port, { path: '/say' })).text).toBe('new')
    release.resolve()
    const reply = await slow
    expect(reply.text).toBe('old')
    // the swapped-out gateway closes the connection it answered on (it is retiring)
    expect(reply.headers['connection']).toBe('close')
    // metrics count across builds
    const metrics = await ask(port, {
      path: '/_svc/metrics',
      headers: [['Authorization', `Basic ${Buffer.from('ops:pw').toString('base64')}`]],
    })
    expect(metrics.text).toMatch(/^svc_requests_total\{status="200"\} 2$/m)
  })

  it('CL10: close answers health with 503 on connections still sending, then writes stopping and stopped', async () => {
    const h = startHost()
    const { port } = await h.listen()
    h.install(appSaying('x'))
    const request = await unfinishedRequest(port, 'GET /_svc/health HTTP/1.1\r\nHost: h\r\n')
    const closing = h.close()
    request.finish()
    expect(await request.answer).toMatch(/^HTTP\/1.1 503 [^]*\{"status":"stopping"\}$/)
    await closing
    host = undefined
    expect(lines.filter((l) => l['type'] === 'svc_system').map((l) => l['message'])).toEqual(['stopping', 'stopped'])
  })
})
