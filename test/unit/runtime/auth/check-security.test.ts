/**
 * Stage PL8 on its own (security.md A9-A12, A15, J11, J12, BA8): outputs of the passing alternative
 * only, the later scheme winning on a shared name, `out-header` serialised as compact printable-ASCII
 * JSON for upstream requests, and the 401 / 403 choice with its challenges.
 */
import { randomBytes } from 'node:crypto'

import { CompactSign } from 'jose'
import { describe, expect, it } from 'vitest'

import {
  asciiJson,
  checkSecurity,
  createSecurityRuntime,
  defineSecurity,
  type SecurityConfig,
} from '../../../../runtime/auth/index.js'
import { CONTINUE } from '../../../../runtime/context/completion.js'
import { type ClientRequest, FlowContext, type GatewayServices } from '../../../../runtime/context/flow-context.js'
import { RaisedError } from '../../../../runtime/errors/raised-error.js'
import { createLogger } from '../../../../runtime/log/logger.js'
import { renderSequenceJson } from '../../../../runtime/oxn/index.js'
import { JsonNumber, JsonObject } from '../../../../runtime/values/json-value.js'

const SECRET = randomBytes(32)
const basicHeader = (pair: string) => `Basic ${Buffer.from(pair).toString('base64')}`

const CONFIG: SecurityConfig = defineSecurity({
  schemes: [
    {
      kind: 'jwt',
      name: 'Token',
      token: { in: 'header', header: 'X-Token' },
      key: { value: SECRET.toString('base64url') },
      alg: null,
      claims: [],
      scopeClaim: 'scope',
      outVar: 'who',
      outHeader: 'X-Claims',
      postCheck: null,
    },
    {
      kind: 'basic',
      name: 'Ops',
      realm: 'Ops',
      outVar: 'who',
      users: [{ user: 'ops', password: { value: 'ops-pass' } }],
      credentials: null,
    },
    {
      kind: 'basic',
      name: 'Staff',
      realm: 'Staff',
      outVar: 'staff',
      users: [{ user: 'staff', password: { value: 'staff-pass' } }],
      credentials: null,
    },
  ],
  routes: [
    [
      '/and',
      [
        [
          'GET',
          [
            [
              ['Token', []],
              ['Ops', []],
            ],
          ],
        ],
      ],
    ],
    ['/or', [['*', [[['Token', []]], [['Staff', []]]]]]],
    ['/basic', [['GET', [[['Ops', []]], [['Staff', []]], [['Ops', []]]]]]],
  ],
})

function context(headers: [string, string][]): FlowContext {
  const services = {
    siteRoot: '/nowhere',
    logger: createLogger(() => undefined),
    env: [],
    server: [],
  } as unknown as GatewayServices
  const ctx = new FlowContext(services, 'req-1', new AbortController().signal)
  ctx.request = { headers: new Map(headers), query: null } as unknown as ClientRequest
  return ctx
}

const runtime = createSecurityRuntime(CONFIG, { siteRoot: '/nowhere', env: {}, logger: createLogger(() => undefined) })
const note = { flow: '' }

async function token(payload: Record<string, unknown>): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'HS256' })
    .sign(SECRET)
}

describe('checkSecurity (PL8)', () => {
  it('A9: a route or method without a requirement passes untouched', async () => {
    const ctx = context([])
    expect(await checkSecurity(ctx, runtime, '/and', 'POST', note)).toBe(CONTINUE)
    expect(await checkSecurity(ctx, runtime, '/elsewhere', 'GET', note)).toBe(CONTINUE)
    expect(ctx.vars.has('who')).toBe(false)
  })

  it('A12, J11, J12: both schemes of the passing alternative store, the later one wins; out-header is ASCII JSON', async () => {
    const ctx = context([
      ['x-token', await token({ sub: 'u-17', name: 'Zoë ☃', n: 1.5 })],
      ['authorization', basicHeader('ops:ops-pass')],
    ])
    expect(await checkSecurity(ctx, runtime, '/and', 'GET', note)).toBe(CONTINUE)
    expect(renderSequenceJson(ctx.vars.get('who'))).toBe('{"user":"ops"}')
    expect(ctx.upstreamHeaders).toEqual([['X-Claims', '{"sub":"u-17","name":"Zo\\u00eb \\u2603","n":1.5}']])
  })

  it('A12: a failed alternative leaves nothing behind', async () => {
    const ctx = context([
      ['authorization', basicHeader('staff:staff-pass')],
      ['x-token', 'not-a-token'],
    ])
    expect(await checkSecurity(ctx, runtime, '/or', 'DELETE', note)).toBe(CONTINUE)
    expect(ctx.vars.has('who')).toBe(false)
    expect(ctx.upstreamHeaders).toEqual([])
    expect(renderSequenceJson(ctx.vars.get('staff'))).toBe('{"user":"staff"}')
  })

  it('A14, A15: 401 when every alternative failed at a basic scheme; identical challenges once', async () => {
    const error = await checkSecurity(context([]), runtime, '/basic', 'GET', note).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RaisedError)
    const raised = error as RaisedError
    expect(raised.status).toBe(401)
    expect(raised.code).toBe(3206)
    expect(raised.headers).toEqual([
      ['WWW-Authenticate', 'Basic realm="Ops", charset="UTF-8"'],
      ['WWW-Authenticate', 'Basic realm="Staff", charset="UTF-8"'],
    ])
    expect(raised.errorObject.get('info')).toEqual([
      'Basic Security (Ops): No Authorization header sent',
      'Basic Security (Staff): No Authorization header sent',
      'Basic Security (Ops): No Authorization header sent',
    ])
  })

  it('A15: 403 and no challenge as soon as one alternative failed at a JWT scheme', async () => {
    const error = (await checkSecurity(context([]), runtime, '/or', 'GET', note).catch(
      (e: unknown) => e,
    )) as RaisedError
    expect(error.status).toBe(403)
    expect(error.headers).toEqual([])
    expect(error.errorObject.keys).toEqual(['message', 'status', 'code', 'info', 'requestID'])
  })

  it('J12: asciiJson escapes every character outside printable ASCII', () => {
    const value = JsonObject.fromEntries([
      ['a', 'é\u007f\n'],
      ['b', new JsonNumber('2')],
    ])
    expect(asciiJson(value)).toBe('{"a":"\\u00e9\\u007f\\n","b":2}')
  })
})

describe('VerifiedTokens (J7 step 3 done once per token and key)', () => {
  it('remembers up to 1024 tokens with their parsed form, then starts over; long tokens are not kept', async () => {
    const { VerifiedTokens } = await import('../../../../runtime/auth/verified-tokens.js')
    const { parseCompactJws } = await import('../../../../runtime/auth/jws.js')
    const parsed = parseCompactJws(await token({ sub: 'u' }))!
    const tokens = new VerifiedTokens()
    for (let i = 0; i < 1024; i++) tokens.add(`t${i}`, parsed)
    expect(tokens.get('t0')).toBe(parsed)
    tokens.add('t1024', parsed)
    expect(tokens.get('t0')).toBeUndefined()
    expect(tokens.get('t1024')).toBe(parsed)
    tokens.add('x'.repeat(4097), parsed)
    expect(tokens.get('x'.repeat(4097))).toBeUndefined()
  })

  it('a remembered token still fails its time and claim checks', async () => {
    const early = await token({ sub: 'u', nbf: Math.floor(Date.now() / 1000) + 600 })
    for (let i = 0; i < 2; i++) {
      const error = (await checkSecurity(context([['x-token', early]]), runtime, '/or', 'GET', note).catch(
        (e: unknown) => e,
      )) as RaisedError
      expect(error.errorObject.get('info')).toEqual([
        'JWT Security (Token): Invalid JWT: token is not yet valid',
        'Basic Security (Staff): No Authorization header sent',
      ])
    }
  })
})
