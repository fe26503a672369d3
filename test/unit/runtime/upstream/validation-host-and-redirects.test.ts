/**
 * Upstream validation against real local upstreams for two rules of upstream.md: UP-VAL-4 (the
 * operation is found by the outgoing URL path = the definition's `basePath` + one of its paths; its
 * `host` and `schemes` are not compared, so a definition for `https://api.example.com` validates
 * requests to `http://127.0.0.1:<port>`; a path outside `basePath` is `Path <path> not found.`,
 * validation.md VA40, VA41) and UP-REDIR-4 (with redirects followed `$upstream/<id>/url` is the final
 * URL, the operation is matched by the originally configured URL, the final response is what
 * `validate-response` checks, and every hop writes its own `svc_request` line).
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest'

import type { CompiledTemplate } from '../../../../runtime/template/compiled-template.js'
import { request } from '../../../../runtime/upstream/request-action.js'
import { UpstreamServices } from '../../../../runtime/upstream/services.js'
import { createUpstreamDefinitionTable } from '../../../../runtime/upstream/upstream-definitions.js'
import { Content } from '../../../../runtime/values/content.js'
import { cleanupSites, lines, upstreamOf } from '../validate/helpers.js'
import {
  DEFAULT_SETTINGS,
  errorVariable,
  requestBody,
  startUpstream,
  type Upstream,
  upstreamContext,
  upstreamVariable,
} from './helpers.js'

afterAll(cleanupSites)

const AT = 'flows/f.xml:2:3'
const closers: (() => Promise<void>)[] = []

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

/** Describes an https upstream on another host; the tests send to a plain-http local one. */
const ITEMS = upstreamOf({
  'definition.yaml': lines(
    'swagger: "2.0"',
    'host: api.example.com',
    'schemes: [https]',
    'basePath: /v2',
    'paths:',
    '  /items/{code}:',
    '    get:',
    '      parameters:',
    '        - { name: code, in: path, required: true, type: string, pattern: "^[0-9]+$" }',
    '      responses:',
    '        "200":',
    '          description: item',
    '          schema: { type: object, required: [name], properties: { name: { type: string } } }',
  ),
})

/** Only `/a` exists (with a required query parameter); the upstream redirects it to `/b`. */
const REDIRECTED = upstreamOf({
  'definition.yaml': lines(
    'swagger: "2.0"',
    'paths:',
    '  /a:',
    '    get:',
    '      parameters:',
    '        - { name: n, in: query, required: true, type: integer }',
    '      responses:',
    '        "200":',
    '          description: level',
    '          schema: { type: object, required: [level], properties: { level: { type: integer } } }',
  ),
})

async function setup(
  handler?: Parameters<typeof startUpstream>[0],
): Promise<{ upstream: Upstream; test: ReturnType<typeof upstreamContext> }> {
  const upstream = await startUpstream(handler)
  closers.push(() => upstream.close())
  const services = new UpstreamServices(
    DEFAULT_SETTINGS,
    '/site',
    createUpstreamDefinitionTable([
      ['contracts/items.yaml', ITEMS],
      ['contracts/redirected.yaml', REDIRECTED],
    ]),
  )
  closers.push(() => services.close())
  return { upstream, test: upstreamContext({}, services) }
}

function config(definition: string, url: string, options: string, extra = ''): CompiledTemplate {
  return requestBody(`{"url": "${url}", ${extra}"options": {"definition": "../contracts/${definition}", ${options}}}`)
}

const BOTH = '"validate-request": true, "validate-response": true'

describe('UP-VAL-4: operation lookup by basePath + path, host and schemes not compared', () => {
  function itemUpstream() {
    return setup((_req, res) => {
      res.setHeader('Content-Type', 'application/json')
      res.end('{"name": "bolt"}')
    })
  }

  it('UP-VAL-4: a valid request to a local http upstream passes and is sent as configured', async () => {
    const { upstream, test } = await itemUpstream()
    await request(test.ctx, AT, 'flows', {}, config('items.yaml', `${upstream.origin}/v2/items/42`, BOTH))
    expect(upstream.requests.map((sent) => [sent.method, sent.url, sent.headers['host']])).toEqual([
      ['GET', '/v2/items/42', `127.0.0.1:${upstream.port}`],
    ])
    expect(upstreamVariable(test.ctx).main).toMatchObject({
      url: `${upstream.origin}/v2/items/42`,
      status: 200,
      cacheHit: false,
    })
    expect(upstreamVariable(test.ctx).main.error).toBeUndefined()
    expect(errorVariable(test.ctx)).toBeUndefined()
    expect((test.ctx.contents.main![0] as Content).text).toBe('{"name": "bolt"}')
    expect(test.logs('svc_request')).toEqual([
      expect.objectContaining({ url: `${upstream.origin}/v2/items/42`, status: 200 }),
    ])
    expect(test.logs('svc_alert')).toEqual([])
  })

  it('UP-VAL-4: an invalid request to the same upstream is refused with 3202 and not sent', async () => {
    const { upstream, test } = await itemUpstream()
    await request(
      test.ctx,
      AT,
      'flows',
      { content: 'item' },
      config('items.yaml', `${upstream.origin}/v2/items/abc`, BOTH),
    )
    expect(upstream.requests).toHaveLength(0)
    expect(test.logs('svc_request')).toHaveLength(0)
    const entry = upstreamVariable(test.ctx).item
    expect(entry).toMatchObject({
      url: `${upstream.origin}/v2/items/abc`,
      status: 400,
      headers: { 'content-type': 'application/json' },
    })
    expect(entry.error).toMatchObject({
      code: 3202,
      status: 400,
      message: 'Upstream Request Validation Failed',
      info: ["Pattern constraint violated in path for code: 'abc' does not match '^[0-9]+$'"],
    })
    expect(errorVariable(test.ctx)).toMatchObject({ code: 3202 })
    expect(test.logs('svc_alert')).toEqual([expect.objectContaining({ topic: 'request', code: 3202, raised: false })])
  })

  it.each([
    ['a path without basePath', '/items/42'],
    ['a path that only starts like basePath', '/v2x/items/42'],
    ['basePath with an undefined path', '/v2/other/42'],
  ])('UP-VAL-4, VA40: %s is not found: 3202, not sent', async (_, path) => {
    const { upstream, test } = await itemUpstream()
    await request(test.ctx, AT, 'flows', {}, config('items.yaml', `${upstream.origin}${path}`, BOTH))
    expect(upstream.requests).toHaveLength(0)
    expect(upstreamVariable(test.ctx).main).toMatchObject({ url: `${upstream.origin}${path}`, status: 400 })
    expect(upstreamVariable(test.ctx).main.error).toMatchObject({ code: 3202, info: [`Path ${path} not found.`] })
    expect(errorVariable(test.ctx)).toMatchObject({ code: 3202, info: [`Path ${path} not found.`] })
  })

  it('UP-VAL-4, VA41: with only validate-response, a path outside basePath is sent and its response replaced by 3203', async () => {
    const { upstream, test } = await itemUpstream()
    await request(
      test.ctx,
      AT,
      'flows',
      {},
      config('items.yaml', `${upstream.origin}/items/42`, '"validate-response": true'),
    )
    expect(upstream.requests.map((sent) => sent.url)).toEqual(['/items/42'])
    expect(test.logs('svc_request')).toEqual([expect.objectContaining({ status: 200 })])
    const entry = upstreamVariable(test.ctx).main
    expect(entry).toMatchObject({ url: `${upstream.origin}/items/42`, status: 502 })
    expect(entry.error).toMatchObject({ code: 3203, info: ['Path /items/42 not found.', 'Upstream status: 200 OK'] })
    expect(JSON.parse((test.ctx.contents.main![0] as Content).text)).toMatchObject({ error: { code: 3203 } })
  })
})

describe('UP-REDIR-4: redirects with upstream validation', () => {
  /** `/a` answers 302 to `/b`; `/b` answers `finalBody`. */
  async function redirecting(finalBody: string) {
    let origin = ''
    const started = await setup((req, res) => {
      if (req.url!.startsWith('/a')) {
        res.writeHead(302, { Location: `${origin}/b` })
        res.end()
      } else {
        res.setHeader('Content-Type', 'application/json')
        res.end(finalBody)
      }
    })
    origin = started.upstream.origin
    return started
  }

  const FOLLOW = `${BOTH}, "follow-redirects": true`

  function expectHops(test: ReturnType<typeof upstreamContext>, upstream: Upstream): void {
    expect(upstream.requests.map((sent) => [sent.method, sent.url])).toEqual([
      ['GET', '/a?n=1'],
      ['GET', '/b'],
    ])
    expect(test.logs('svc_request').map((line) => [line['id'], line['url'], line['status']])).toEqual([
      ['main.0', `${upstream.origin}/a?n=1`, 302],
      ['main.1', `${upstream.origin}/b`, 200],
    ])
  }

  it('UP-REDIR-4: /a passes request validation, /b is the final URL, and its valid body passes /a response schema', async () => {
    const { upstream, test } = await redirecting('{"level": 3}')
    await request(test.ctx, AT, 'flows', {}, config('redirected.yaml', `${upstream.origin}/a?n=1`, FOLLOW))
    expectHops(test, upstream)
    const entry = upstreamVariable(test.ctx).main
    // matched by /b, the response would be `Path /b not found.`; the 302 itself is not checked
    expect(entry).toMatchObject({
      url: `${upstream.origin}/b`,
      status: 200,
      headers: { 'content-type': 'application/json' },
    })
    expect(entry.error).toBeUndefined()
    expect(errorVariable(test.ctx)).toBeUndefined()
    expect((test.ctx.contents.main![0] as Content).text).toBe('{"level": 3}')
    expect(test.logs('svc_alert')).toEqual([])
  })

  it('UP-REDIR-4: an invalid final body from /b is 3203 against /a response schema, url still /b', async () => {
    const { upstream, test } = await redirecting('{"level": "high"}')
    await request(test.ctx, AT, 'flows', {}, config('redirected.yaml', `${upstream.origin}/a?n=1`, FOLLOW))
    expectHops(test, upstream)
    const entry = upstreamVariable(test.ctx).main
    expect(entry).toMatchObject({
      url: `${upstream.origin}/b`,
      status: 502,
      headers: { 'content-type': 'application/json' },
    })
    expect(entry.error).toMatchObject({ code: 3203, status: 502, message: 'Upstream Response Validation Failed' })
    expect(entry.error.info).toEqual([
      "Type constraint violated in body for /level: 'high' is not an integer",
      'Upstream status: 200 OK',
    ])
    expect(errorVariable(test.ctx)).toMatchObject({ code: 3203 })
    // the error document replaces the upstream body (VA41)
    const stored = test.ctx.contents.main![0] as Content
    expect(stored.mediaType).toBe('application/json')
    expect(JSON.parse(stored.text)).toEqual({
      error: {
        message: 'Upstream Response Validation Failed',
        status: 502,
        code: 3203,
        info: entry.error.info,
        requestID: 'req-1',
      },
    })
    expect(test.logs('svc_alert')).toEqual([expect.objectContaining({ topic: 'request', code: 3203, raised: false })])
  })

  it('UP-REDIR-4: request validation uses the configured /a: without its required query nothing is sent', async () => {
    const { upstream, test } = await redirecting('{"level": 3}')
    await request(test.ctx, AT, 'flows', {}, config('redirected.yaml', `${upstream.origin}/a`, FOLLOW))
    expect(upstream.requests).toHaveLength(0)
    expect(test.logs('svc_request')).toHaveLength(0)
    expect(upstreamVariable(test.ctx).main).toMatchObject({ url: `${upstream.origin}/a`, status: 400 })
    expect(upstreamVariable(test.ctx).main.error).toMatchObject({ code: 3202 })
  })
})
