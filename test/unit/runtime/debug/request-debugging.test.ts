/**
 * Debugging of real requests through an in-process gateway (operations.md DB1-DB9, LG7; flows.md
 * F-DBG-2; definition.md PL14; errors.md X17): default configuration, the `Debug` header and its
 * password, `$request/debug`, the `log` and `append` sinks, topics `env`, `time` and `routing`, debug
 * scopes of `debug` attributes and sub-flows, masking.
 */
import { afterEach, describe, expect, it } from 'vitest'

import type { FlowContext } from '../../../../runtime/context/flow-context.js'
import {
  debugScope,
  debugSelected,
  emitDebug,
  enterDebugScope,
  leaveDebugScope,
} from '../../../../runtime/debug/flow-debug.js'
import { ask, flow, makeApp, route, startTestGateway, type TestGateway } from '../server/helpers.js'

/** `$request/debug` as the pipeline recorded it. */
const requestDebug = (ctx: FlowContext): string => (ctx.request as unknown as { debug: string }).debug

const ROUTES = [
  route(
    '/say',
    null,
    flow('flows/say.xml', (ctx) => {
      ctx.debug?.('info', 'flow', 'hello from the flow')
      ctx.debug?.('warn', 'eval', `authorization was ${ctx.request!.headers.get('authorization') ?? 'absent'}`)
      if (debugSelected(ctx, 'error', 'user'))
        emitDebug(ctx, 'error', 'user', 'an error-level message', { answer: 42, token: 'abc' })
      ctx.contents.main = [`debug=${requestDebug(ctx)}`]
    }),
  ),
  route(
    '/empty',
    null,
    flow('flows/empty.xml', (ctx) => {
      ctx.debug?.('info', 'flow', 'nothing to send')
      ctx.response.status = 204
    }),
  ),
  route(
    '/scoped',
    null,
    flow('flows/scoped.xml', (ctx) => {
      const sub = enterDebugScope(ctx, debugScope('flows/scoped.xml:2:3', 'sub-flow', ['pricing']))
      try {
        ctx.debug?.('debug', 'template', 'inside the pricing sub-flow')
        const inner = enterDebugScope(ctx, debugScope('flows/pricing.xml:3:3', 'eval', ['tax']))
        ctx.debug?.('debug', 'eval', 'inner action')
        leaveDebugScope(ctx, inner)
      } finally {
        leaveDebugScope(ctx, sub)
      }
      ctx.debug?.('debug', 'template', 'outside the sub-flow')
      ctx.contents.main = ['ok']
    }),
  ),
]

let gw: TestGateway | undefined
afterEach(async () => {
  await gw?.close()
  gw = undefined
})

async function start(env: Record<string, string> = {}): Promise<TestGateway> {
  gw = await startTestGateway(makeApp({ routes: ROUTES }), env)
  return gw
}

const debugLines = (g: TestGateway, requestId?: unknown) =>
  g.logs('svc_debug').filter((l) => requestId === undefined || l['requestID'] === requestId)

describe('DB1 the default configuration', () => {
  it('unset SVC_DEBUG is *:error:log: no writer for flows, error-level messages still written (LG7 shape)', async () => {
    const g = await start()
    const reply = await ask(g.port, { path: '/say' })
    expect(reply.text).toBe('debug=')
    const access = await g.waitForLog('svc_access')
    const lines = debugLines(g, access['requestID'])
    expect(lines).toHaveLength(1)
    expect(Object.keys(lines[0]!)).toEqual(['timestamp', 'type', 'requestID', 'topic', 'level', 'message', 'data'])
    expect(lines[0]).toMatchObject({
      type: 'svc_debug',
      topic: 'user',
      level: 'error',
      message: 'an error-level message',
      data: { answer: 42, token: '***' },
    })
  })

  it('SVC_DEBUG selects topics and levels for every request', async () => {
    const g = await start({ SVC_DEBUG: 'eval:warn' })
    await ask(g.port, { path: '/say', headers: [['Authorization', 'Bearer very-secret-token']] })
    const access = await g.waitForLog('svc_access')
    expect(debugLines(g, access['requestID']).map((l) => [l['topic'], l['level'], l['message']])).toEqual([
      ['eval', 'warn', 'authorization was ***'],
    ])
  })

  it('CF3: an invalid SVC_DEBUG refuses the start', async () => {
    await expect(start({ SVC_DEBUG: '*:shout' })).rejects.toThrow(/SVC_DEBUG/)
  })
})

describe('DB4 the Debug header', () => {
  it('is ignored unless allowed; the warn message goes to the default sink', async () => {
    const g = await start({ SVC_DEBUG: 'debug:warn' })
    const reply = await ask(g.port, { path: '/say', headers: [['Debug', '*:verbose:append']] })
    expect(reply.text).toBe('debug=')
    const access = await g.waitForLog('svc_access')
    expect(debugLines(g, access['requestID']).map((l) => [l['topic'], l['level']])).toEqual([['debug', 'warn']])
    expect(debugLines(g, access['requestID'])[0]!['message']).toMatch(/not allowed.*ignored/)
  })

  it('when allowed, replaces SVC_DEBUG for that request; $request/debug holds the normalized configuration', async () => {
    const g = await start({ SVC_DEBUG_ALLOW_HEADER: 'true' })
    const reply = await ask(g.port, { path: '/say', headers: [['Debug', 'flow , eval:info:log']] })
    expect(reply.text).toBe('debug=flow,eval:info:log')
    const access = await g.waitForLog('svc_access')
    expect(debugLines(g, access['requestID']).map((l) => [l['topic'], l['level'], l['message']])).toEqual([
      ['flow', 'info', 'hello from the flow'],
      ['eval', 'warn', 'authorization was absent'],
    ])
    const plain = await ask(g.port, { path: '/say' })
    expect(plain.text).toBe('debug=')
  })

  it('SVC_DEBUG_AUTH allows the header and requires the password', async () => {
    const g = await start({ SVC_DEBUG_AUTH: 'open sesame', SVC_DEBUG: 'debug:warn' })
    expect((await ask(g.port, { path: '/say', headers: [['Debug', 'flow:info; auth=open sesame']] })).text).toBe(
      'debug=flow:info:log',
    )
    expect((await ask(g.port, { path: '/say', headers: [['Debug', 'flow:info; auth=open']] })).text).toBe('debug=')
    expect((await ask(g.port, { path: '/say', headers: [['Debug', 'flow:info']] })).text).toBe('debug=')
    await g.waitForLog('svc_debug', (l) => /needs "; auth=/.test(String(l['message'])))
    expect(g.logs('svc_debug').some((l) => /wrong password/.test(String(l['message'])))).toBe(true)
  })
})

describe('DB7 the append sink (PL14)', () => {
  it('appends a line break and one line per message; Content-Length follows; Content-Type unchanged', async () => {
    const g = await start({ SVC_DEBUG_ALLOW_HEADER: 'true' })
    const reply = await ask(g.port, { path: '/say', headers: [['Debug', 'flow,eval:info:append']] })
    expect(reply.text).toBe(
      'debug=flow,eval:info:append\ninfo [flow] hello from the flow\nwarn [eval] authorization was absent\n',
    )
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length)
    expect(reply.headers['content-type']).toBe('text/plain')
  })

  it('inline behaves like append (DB8)', async () => {
    const g = await start({ SVC_DEBUG_ALLOW_HEADER: 'true' })
    const reply = await ask(g.port, { path: '/say', headers: [['Debug', 'flow:info:inline']] })
    expect(reply.text).toBe('debug=flow:info:inline\ninfo [flow] hello from the flow\n')
  })

  it('HEAD and 204 responses get no appendix; their messages go to the log sink', async () => {
    const g = await start({ SVC_DEBUG_ALLOW_HEADER: 'true' })
    const head = await ask(g.port, { method: 'HEAD', path: '/say', headers: [['Debug', 'flow:info:append']] })
    expect(head.body.length).toBe(0)
    const empty = await ask(g.port, { path: '/empty', headers: [['Debug', 'flow:info:append']] })
    expect(empty.status).toBe(204)
    expect(empty.body.length).toBe(0)
    await g.waitForLog('svc_debug', (l) => l['message'] === 'nothing to send')
    await g.waitForLog('svc_debug', (l) => l['message'] === 'hello from the flow')
  })

  it('error documents get the appendix too (after the error handling)', async () => {
    const g = await start({ SVC_DEBUG_ALLOW_HEADER: 'true' })
    const reply = await ask(g.port, { path: '/nowhere', headers: [['Debug', 'routing:debug:append']] })
    expect(reply.status).toBe(404)
    const [document, ...appendix] = reply.text.split('\n')
    expect(JSON.parse(document!)).toMatchObject({ error: { code: 3208 } })
    expect(appendix).toEqual([expect.stringMatching(/^debug \[routing\] 3208: Path Not Found: /), ''])
  })
})

describe('DB3 system topics', () => {
  it('env writes the environment once per request at debug level, secrets masked (DB9)', async () => {
    const g = await start({ SVC_DEBUG: 'env:debug', SHOP_REGION: 'eu', SHOP_API_KEY: 'k-123456' })
    await ask(g.port, { path: '/say' })
    const line = await g.waitForLog('svc_debug', (l) => l['topic'] === 'env')
    expect(line).toMatchObject({
      level: 'debug',
      message: 'environment',
      data: { SHOP_REGION: 'eu', SHOP_API_KEY: '***' },
    })
    expect(g.logs('svc_debug').filter((l) => l['topic'] === 'env')).toHaveLength(1)
  })

  it('time writes the duration of the pipeline stages at info level', async () => {
    const g = await start({ SVC_DEBUG: 'time:info' })
    await ask(g.port, { path: '/say' })
    const access = await g.waitForLog('svc_access')
    const stages = debugLines(g, access['requestID']).map((l) => String(l['message']).replace(/[\d.]+ ms$/, 'N ms'))
    expect(stages).toEqual([
      'PL1-PL5 request and routing: N ms',
      'PL6-PL7 method and body: N ms',
      'PL8-PL12 security, flows and validation: N ms',
      'PL13-PL14 sending: N ms',
    ])
  })

  it('X17: 3208 is a routing debug message, not an alert', async () => {
    const g = await start({ SVC_DEBUG: 'routing' })
    await ask(g.port, { path: '/nowhere' })
    await g.waitForLog('svc_debug', (l) => l['topic'] === 'routing' && /^3208/.test(String(l['message'])))
    expect(g.logs('svc_alert')).toEqual([])
  })
})

describe('F-DBG-2 topics of debug attributes and sub-flows', () => {
  it('a sub-flow topic selects every action inside, nested topics add up, and the scope ends with the call', async () => {
    const g = await start({ SVC_DEBUG_ALLOW_HEADER: 'true' })
    const reply = await ask(g.port, { path: '/scoped', headers: [['Debug', 'pricing:debug:append']] })
    expect(reply.text.split('\n').map((line) => line.replace(/[\d.]+ ms$/, 'N ms'))).toEqual([
      'ok',
      'debug [template] inside the pricing sub-flow',
      'debug [eval] inner action',
      'debug [eval] flows/pricing.xml:3:3: eval: done in N ms',
      'debug [sub-flow] flows/scoped.xml:2:3: sub-flow: done in N ms',
      '',
    ])
    const tax = await ask(g.port, { path: '/scoped', headers: [['Debug', 'tax:debug:append']] })
    expect(tax.text.split('\n').slice(1, 3)).toEqual([
      'debug [eval] inner action',
      expect.stringMatching(/^debug \[eval\] flows\/pricing.xml:3:3: eval: done in/),
    ])
  })
})
