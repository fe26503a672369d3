/**
 * The `requests` action at run time (actions.md ACT-requests-1..2, upstream.md UP-REQS-1..4): the
 * whole object is checked before anything is sent, all requests run concurrently, results are
 * applied in key order, and the first `exit-on-error` failure in key order is raised after that.
 */
import { afterEach, describe, expect, it } from 'vitest'

import { RaisedError } from '../../../../runtime/errors/raised-error.js'
import { oxnRoot } from '../../../../runtime/oxn/index.js'
import { requests, requestsFrom } from '../../../../runtime/upstream/requests-action.js'
import { Content } from '../../../../runtime/values/content.js'
import { Cleanups, errorVariable, json, upstreamContext, type UpstreamHandler, upstreamVariable } from './helpers.js'

const AT = 'flows/f.xml:3:3'
const cleanups = new Cleanups()
afterEach(() => cleanups.run())

function context() {
  const test = upstreamContext()
  cleanups.add(() => test.services.close())
  return test
}

const upstreamWith = (handler: UpstreamHandler) => cleanups.upstream(handler)

describe('requests (UP-REQS)', () => {
  it('UP-REQS-2: 20 requests run at the same time (the upstream answers only once all 20 have arrived)', async () => {
    const waiting: (() => void)[] = []
    const upstream = await upstreamWith((req, res) => {
      waiting.push(() => res.end(`answer ${req.url}`))
      if (waiting.length === 20) for (const answer of waiting) answer()
    })
    const { ctx, logs } = context()
    const ids = Array.from({ length: 20 }, (_, i) => `r${i}`)
    const text = `{ ${ids.map((id) => `"${id}": { "url": "${upstream.origin}/${id}" }`).join(', ')} }`
    await requests(ctx, AT, 'flows', text)
    expect(Object.keys(upstreamVariable(ctx))).toEqual(ids)
    for (const id of ids) expect((ctx.contents.upstream.get(id) as Content).text).toBe(`answer /${id}`)
    expect(logs('svc_request')).toHaveLength(20)
    expect(ctx.contents.main).toBeUndefined()
  })

  it('UP-REQS-3: results applied in key order; `main` becomes the main content; $error of the last failure', async () => {
    const upstream = await upstreamWith((req, res) => res.end(`body of ${req.url}`))
    const { ctx } = context()
    await requests(
      ctx,
      AT,
      'flows',
      `{ "b": { "url": "http://127.0.0.1:1/b" }, "main": { "url": "${upstream.origin}/m", "options": { "set-response-headers": { "X-From": "main" } } }, "a": { "url": "http://127.0.0.1:1/a" } }`,
    )
    expect(Object.keys(upstreamVariable(ctx))).toEqual(['b', 'main', 'a'])
    expect((ctx.contents.main![0] as Content).text).toBe('body of /m')
    expect(errorVariable(ctx).info).toEqual(["Request 'a' to http://127.0.0.1:1/a failed: connection refused"])
    expect(ctx.response.headers.get('x-from')).toBe('main')
  })

  it('UP-REQS-4: the first exit-on-error failure in key order is raised after all results are applied', async () => {
    const upstream = await upstreamWith((_req, res) => res.end('ok'))
    const { ctx } = context()
    const attempt = requests(
      ctx,
      AT,
      'flows',
      `{ "ok": { "url": "${upstream.origin}/" }, "first": { "url": "http://127.0.0.1:1/first", "options": { "exit-on-error": true } }, "second": { "url": "http://127.0.0.1:1/second", "options": { "exit-on-error": true } } }`,
    )
    const error = (await attempt.catch((e: unknown) => e)) as RaisedError
    expect(error).toBeInstanceOf(RaisedError)
    expect(error.errorObject.get('info')).toEqual([
      "Request 'first' to http://127.0.0.1:1/first failed: connection refused",
    ])
    expect(Object.keys(upstreamVariable(ctx))).toEqual(['ok', 'first', 'second'])
    expect(upstreamVariable(ctx).ok.status).toBe(200)
  })

  it.each([
    [
      'a key written twice',
      '{ "a": {"url": "http://127.0.0.1:1/"}, "a": {"url": "http://127.0.0.1:1/"} }',
      'request ID "a" occurs twice',
    ],
    ['an invalid key', '{ "9x": {"url": "http://127.0.0.1:1/"} }', 'invalid request ID "9x"'],
    [
      'a value that is not an object',
      '{ "a": "http://127.0.0.1:1/" }',
      'request "a": the configuration must be an object',
    ],
    [
      'a wrong shape in one entry',
      '{ "a": {"url": "http://127.0.0.1:1/"}, "b": {"url": 5} }',
      'request "b": url must be a string, not a number',
    ],
    ['a missing url', '{ "a": {} }', "request 'a': url is missing (set url in the configuration or the url attribute)"],
    ['not an object', '[1]', 'the result must be a JSON object'],
  ])('UP-REQS-1: %s is an RF before anything is sent', async (_, text, reason) => {
    const upstream = await upstreamWith((_req, res) => res.end('x'))
    const { ctx } = context()
    const replaced = text.replaceAll('http://127.0.0.1:1', upstream.origin)
    const error = (await requests(ctx, AT, 'flows', replaced).catch((e: unknown) => e)) as RaisedError
    expect(error).toBeInstanceOf(RaisedError)
    expect(error.errorObject.get('info')).toEqual([`${AT}: requests: ${reason}`])
    expect(upstream.requests).toHaveLength(0)
  })

  it('ACT-requests-2: an empty object sends nothing and changes nothing', async () => {
    const { ctx } = context()
    ctx.contents.main = ['kept']
    await requests(ctx, AT, 'flows', '{}')
    expect(upstreamVariable(ctx)).toBeUndefined()
    expect(ctx.contents.main).toEqual(['kept'])
  })

  it('ACT-requests-1: src names a variable holding the object; an id inside is ignored', async () => {
    const upstream = await upstreamWith((req, res) => res.end(req.url))
    const { ctx } = context()
    ctx.vars.set('plan', [oxnRoot(json(`{ "one": { "url": "${upstream.origin}/1", "id": "other" } }`))])
    await requestsFrom(ctx, AT, 'flows', 'plan')
    expect(Object.keys(upstreamVariable(ctx))).toEqual(['one'])
    ctx.vars.set('plan', ['not an object'])
    await expect(requestsFrom(ctx, AT, 'flows', 'plan')).rejects.toThrow(RaisedError)
  })
})
