/**
 * The `request` action at run time against real upstreams (upstream.md UP-CFG, UP-BODY, UP-RESP,
 * UP-VAR, UP-LOG-1, actions.md ACT-request-1..3).
 */
import { afterEach, describe, expect, it } from 'vitest'

import { RaisedError } from '../../../../runtime/errors/raised-error.js'
import { defineTemplate, templateText } from '../../../../runtime/template/compiled-template.js'
import { proxyRequest } from '../../../../runtime/upstream/proxy-action.js'
import { request } from '../../../../runtime/upstream/request-action.js'
import { Content } from '../../../../runtime/values/content.js'
import { clientRequest } from '../flow/actions/helpers.js'
import {
  errorVariable,
  requestBody,
  startUpstream,
  type Upstream,
  upstreamContext,
  upstreamVariable,
} from './helpers.js'

const AT = 'flows/f.xml:2:3'
let upstream: Upstream
const closers: (() => Promise<void>)[] = []

afterEach(async () => {
  for (const close of closers.splice(0)) await close()
  await upstream?.close()
})

function context(settings = {}) {
  const test = upstreamContext(settings)
  closers.push(() => test.services.close())
  return test
}

describe('request (UP-CFG, UP-RESP, UP-VAR)', () => {
  it('UP-CFG-5: sends GET with the default fields and stores the response as main', async () => {
    upstream = await startUpstream()
    const { ctx, logs } = context()
    await request(ctx, AT, 'flows', {}, requestBody(`{"url": "${upstream.origin}/items?x=1"}`))
    const sent = upstream.requests[0]!
    expect(sent.method).toBe('GET')
    expect(sent.url).toBe('/items?x=1')
    expect(sent.headers['host']).toBe(`127.0.0.1:${upstream.port}`)
    expect(sent.headers['user-agent']).toBe('svc-gateway')
    expect(sent.headers['accept']).toBe('*/*')
    expect(sent.headers['accept-encoding']).toBe('gzip, br')
    expect(sent.headers['connection']).toBe('keep-alive')
    expect(sent.headers['content-length']).toBeUndefined()
    const main = ctx.contents.main![0] as Content
    expect(main.text).toBe('{"ok":true}')
    expect(main.mediaType).toBe('application/json')
    expect(ctx.contents.upstream.get('main')).toBe(main)
    const entry = upstreamVariable(ctx).main
    expect(entry).toMatchObject({ url: `${upstream.origin}/items?x=1`, status: 200, cacheHit: false })
    expect(entry.headers['content-type']).toBe('application/json')
    const [line] = logs('svc_request')
    expect(line).toMatchObject({
      requestID: 'req-1',
      url: `${upstream.origin}/items?x=1`,
      method: 'GET',
      status: 200,
      mime: 'application/json',
      bytes: 11,
      id: 'main.0',
      cacheHit: false,
      refresh: false,
    })
    expect(typeof line!.duration).toBe('number')
    expect(line!.timing).toEqual({ DNS: 0, TCP: 0, TTFB: expect.any(Number) })
  })

  it('ACT-request-1: the content and url attributes apply when the body does not set id and url', async () => {
    upstream = await startUpstream()
    const { ctx } = context()
    await request(ctx, AT, 'flows', { content: 'stock', url: `${upstream.origin}/stock` }, requestBody('{}'))
    expect(upstream.requests[0]!.url).toBe('/stock')
    expect(ctx.contents.main).toBeUndefined()
    expect((ctx.contents.upstream.get('stock') as Content).text).toBe('{"ok":true}')
    expect(Object.keys(upstreamVariable(ctx))).toEqual(['stock'])
  })

  it('UP-CFG-4, UP-CFG-6, UP-CFG-7: headers, cookies and an array query', async () => {
    upstream = await startUpstream()
    const { ctx } = context()
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(`{
        "url": "${upstream.origin}/v3/search?dropped=1#frag",
        "headers": { "Accept": "application/json", "X-Tenant": "acme", "X-Retry": 0, "X-On": true, "User-Agent": "", "Cookie": "ignored=1", "x-tenant": "ACME" },
        "cookies": [ { "name": "region", "value": "eu" }, { "name": "n", "value": 2 } ],
        "query": [ { "name": "tag", "value": "red" }, { "name": "tag", "value": "wool" }, { "name": "q", "value": "knit cap" }, { "name": "skip", "value": null } ]
      }`),
    )
    const sent = upstream.requests[0]!
    expect(sent.url).toBe('/v3/search?tag=red&tag=wool&q=knit+cap')
    expect(sent.headers['accept']).toBe('application/json')
    expect(sent.headers['x-retry']).toBe('0')
    expect(sent.headers['x-on']).toBe('true')
    expect(sent.headers['user-agent']).toBeUndefined()
    expect(sent.headers['cookie']).toBe('region=eu; n=2')
    // names differing only in case: the later one wins with its spelling
    expect(sent.rawHeaders).toContain('x-tenant')
    expect(sent.rawHeaders).not.toContain('X-Tenant')
    expect(sent.headers['x-tenant']).toBe('ACME')
  })

  it('UP-BODY-2: post sends form data with POST', async () => {
    upstream = await startUpstream()
    const { ctx } = context()
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(
        `{"url": "${upstream.origin}/token", "post": {"grant_type": "password", "scope": "read write", "n": 1.50, "no": null}}`,
      ),
    )
    const sent = upstream.requests[0]!
    expect(sent.method).toBe('POST')
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(sent.body.toString()).toBe('grant_type=password&scope=read+write&n=1.50')
    expect(sent.headers['content-length']).toBe(String(sent.body.length))
  })

  it('UP-BODY-3: a JSON value body is compact JSON; a string body is text/plain', async () => {
    upstream = await startUpstream()
    const { ctx } = context()
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "${upstream.origin}/a", "method": "put", "body": {"value": {"a": [1, 2.0, "x"]}}}`),
    )
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "${upstream.origin}/b", "body": {"value": "héllo", "mime": "text/x-note"}}`),
    )
    const [first, second] = upstream.requests
    expect(first!.method).toBe('PUT')
    expect(first!.headers['content-type']).toBe('application/json')
    expect(first!.body.toString()).toBe('{"a":[1,2.0,"x"]}')
    expect(second!.method).toBe('POST')
    expect(second!.headers['content-type']).toBe('text/x-note')
    expect(second!.body.toString('utf8')).toBe('héllo')
  })

  it('UP-CFG-5: POST without body sends Content-Length 0; HEAD drops a body', async () => {
    upstream = await startUpstream()
    const { ctx } = context()
    await request(ctx, AT, 'flows', { method: 'POST' }, requestBody(`{"url": "${upstream.origin}/p"}`))
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "${upstream.origin}/h", "method": "HEAD", "body": {"value": "x"}}`),
    )
    expect(upstream.requests[0]!.headers['content-length']).toBe('0')
    expect(upstream.requests[0]!.headers['content-type']).toBeUndefined()
    expect(upstream.requests[1]!.method).toBe('HEAD')
    expect(upstream.requests[1]!.body.length).toBe(0)
    expect((ctx.contents.main![0] as Content).bytes.length).toBe(0)
  })

  it('UP-BODY-4: uploads become multipart/form-data with the post fields first', async () => {
    upstream = await startUpstream()
    const { ctx } = context()
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(
        `{"url": "${upstream.origin}/up", "post": {"kind": "doc"}, "uploads": [{"name": "file", "value": {"a": 1}, "filename": "a.json"}, {"name": "note", "value": "hi"}]}`,
      ),
    )
    const sent = upstream.requests[0]!
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(sent.headers['content-type']!)![1]!
    expect(sent.body.toString()).toBe(
      [
        `--${boundary}`,
        'Content-Disposition: form-data; name="kind"',
        '',
        'doc',
        `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename="a.json"',
        'Content-Type: application/json',
        '',
        '{"a":1}',
        `--${boundary}`,
        'Content-Disposition: form-data; name="note"',
        'Content-Type: text/plain',
        '',
        'hi',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    )
  })

  it('UP-CFG-2: user information becomes Basic credentials and is never shown; basic-auth-credentials wins', async () => {
    upstream = await startUpstream()
    const { ctx, logs } = context()
    await request(ctx, AT, 'flows', {}, requestBody(`{"url": "http://ann:s%20ecret@127.0.0.1:${upstream.port}/x"}`))
    await request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(
        `{"url": "http://ann:pw@127.0.0.1:${upstream.port}/y", "options": {"basic-auth-credentials": "bob:a:b"}}`,
      ),
    )
    expect(upstream.requests[0]!.headers['authorization']).toBe(
      `Basic ${Buffer.from('ann:s ecret').toString('base64')}`,
    )
    expect(upstream.requests[1]!.headers['authorization']).toBe(`Basic ${Buffer.from('bob:a:b').toString('base64')}`)
    expect(upstreamVariable(ctx).main.url).toBe(`${upstream.origin}/y`)
    expect(logs('svc_request').map((line) => line.url)).toEqual([`${upstream.origin}/x`, `${upstream.origin}/y`])
  })

  it('UP-VAR-4: repeated Set-Cookie lines stay separate members; other repeats are joined', async () => {
    upstream = await startUpstream((_req, res) => {
      res.setHeader('Set-Cookie', ['sid=9', 'theme=dark'])
      res.setHeader('X-Multi', ['a', 'b'])
      res.end('')
    })
    const { ctx } = context()
    await request(ctx, AT, 'flows', {}, requestBody(`{"url": "${upstream.origin}/login"}`))
    const node = ctx.vars.get('upstream')[0] as any
    const headers = node.json.get('main').get('headers')
    expect(headers.keys.filter((k: string) => k === 'set-cookie')).toHaveLength(2)
    expect(headers.get('x-multi')).toBe('a, b')
    expect((ctx.contents.main![0] as Content).mediaType).toBe('application/octet-stream')
  })

  it('UP-RESP-2: 4xx and 5xx are ordinary responses', async () => {
    upstream = await startUpstream((_req, res) => {
      res.statusCode = 503
      res.end('busy')
    })
    const { ctx } = context()
    await request(ctx, AT, 'flows', {}, requestBody(`{"url": "${upstream.origin}/"}`))
    expect(upstreamVariable(ctx).main.status).toBe(503)
    expect(upstreamVariable(ctx).main.error).toBeUndefined()
    expect(errorVariable(ctx)).toBeUndefined()
  })

  it('UP-CFG-1: a wrong shape is an RF and nothing is sent', async () => {
    upstream = await startUpstream()
    const { ctx } = context()
    const attempt = request(
      ctx,
      AT,
      'flows',
      {},
      requestBody(`{"url": "${upstream.origin}/", "headers": {"X-A": [1, 2]}}`),
    )
    await expect(attempt).rejects.toBeInstanceOf(RaisedError)
    await attempt.catch((error: RaisedError) => {
      expect(error.code).toBe(5001)
      expect(error.errorObject.get('info')).toEqual([
        `${AT}: request: headers.X-A must be a string, number, boolean or null, not an array; join several values in advance`,
      ])
    })
    expect(upstream.requests).toHaveLength(0)
    expect(upstreamVariable(ctx)).toBeUndefined()
  })

  it('UP-CFG-1: a template writing the same text reuses its checked configuration; new text is checked anew; warnings every time', async () => {
    upstream = await startUpstream()
    const { ctx, services } = context()
    const warnings: string[] = []
    ctx.debug = (level, _topic, message) => level === 'warn' && warnings.push(message)
    // the path comes from $path: one template, different texts
    const piece = (text: string) => templateText(text)
    const [open, close] = [piece(`{"url": "${upstream.origin}/`), piece(`", "extra": 1}`)]
    const template = defineTemplate({ at: AT, action: 'request' }, (t) => {
      t.text(open)
      t.text(templateText(String(ctx.vars.get('path')![0])))
      t.text(close)
    })
    for (const path of ['a', 'a', 'b', 'a']) {
      ctx.vars.set('path', [path])
      await request(ctx, AT, 'flows', {}, template)
    }
    expect(upstream.requests.map((sent) => sent.url)).toEqual(['/a', '/a', '/b', '/a'])
    expect(warnings).toEqual(Array(4).fill('unknown property "extra" in the request configuration is ignored'))
    // without a warning the configuration is remembered: asked again for the same text, nothing is checked
    const text = `{"url": "${upstream.origin}/c"}`
    const clean = requestBody(text)
    await request(ctx, AT, 'flows', {}, clean)
    const notAgain = () => {
      throw new Error('checked again')
    }
    const remembered = services.configs.checked(clean, text, notAgain)
    expect(remembered).toMatchObject({ url: `${upstream.origin}/c` })
    expect(() => services.configs.checked(clean, `{"url": "${upstream.origin}/d"}`, notAgain)).toThrow('checked again')
    expect(() => services.configs.checked(template, `{"url": "${upstream.origin}/a", "extra": 1}`, notAgain)).toThrow(
      'checked again',
    )
  })

  it('UP-PROXY-1: proxy-request reuses its checked configuration for the same text; a warning is written on every run', async () => {
    upstream = await startUpstream()
    const { ctx } = context()
    ctx.request = clientRequest({ path: '/orders', endpoint: '/orders' })
    const warnings: string[] = []
    ctx.debug = (level, _topic, message) => level === 'warn' && warnings.push(message)
    const plain = requestBody(`{"origin": "${upstream.origin}"}`)
    const extra = requestBody(`{"origin": "${upstream.origin}", "query": "a=1 b", "extra": 1}`)
    for (const body of [plain, plain, extra, extra]) await proxyRequest(ctx, AT, 'flows', body, false)
    // the query is encoded once, when checked, and still sent with every request (UP-PROXY-2)
    expect(upstream.requests.map((sent) => sent.url)).toEqual([
      '/orders',
      '/orders',
      '/orders?a=1%20b',
      '/orders?a=1%20b',
    ])
    expect(warnings).toEqual(Array(2).fill('unknown property "extra" in the proxy configuration; it is ignored'))
  })
})
