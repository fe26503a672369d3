/** Run-side action helpers (runtime/flow/actions) with a real FlowContext. */
import { describe, expect, it } from 'vitest'

import { RaisedError } from '../../../../../runtime/errors/raised-error.js'
import {
  checkVariableName,
  dump,
  echo,
  locationText,
  parseLocation,
  readLocation,
  setStatus,
  statusOf,
  subFlow,
} from '../../../../../runtime/flow/actions/index.js'
import {
  BREAK,
  CONTINUE,
  FlowContext,
  type FlowFunction,
  MAX_SUBFLOW_DEPTH,
} from '../../../../../runtime/flow/index.js'
import { createLogger } from '../../../../../runtime/log/logger.js'
import { Content } from '../../../../../runtime/values/content.js'
import { EMPTY } from '../../../../../runtime/values/item.js'

function newContext(): FlowContext {
  const gateway = { siteRoot: '/nowhere', logger: createLogger(() => {}), env: EMPTY, server: EMPTY }
  return new FlowContext(gateway, 'req-1', new AbortController().signal)
}

/** The `info` line of a raised RF (F-EXEC-6). */
function infoOf(error: unknown): string {
  expect(error).toBeInstanceOf(RaisedError)
  const raised = error as RaisedError
  expect(raised.code).toBe(5001)
  return String((raised.errorObject.get('info') as string[])[0])
}

function thrown(fn: () => unknown): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  throw new Error('nothing thrown')
}

describe('F-RESP-2 status values', () => {
  it.each([
    ['200', 200],
    [' 404 ', 404],
    ['599', 599],
    ['\t201\n', 201],
    ['199', undefined],
    ['600', undefined],
    ['', undefined],
    ['20x', undefined],
    ['+200', undefined],
    ['200.0', undefined],
    ['-200', undefined],
    ['2 00', undefined],
  ])('statusOf(%j) = %s', (text, want) => {
    expect(statusOf(text)).toBe(want)
  })

  it('ACT-set-status-2 setStatus sets valid values and 500 for invalid ones; last wins', () => {
    const ctx = newContext()
    setStatus(ctx, ' 201 ')
    expect(ctx.response.status).toBe(201)
    setStatus(ctx, '99')
    expect(ctx.response.status).toBe(500)
    setStatus(ctx, '404')
    expect(ctx.response.status).toBe(404)
  })
})

describe('echo and dump', () => {
  it('ACT-echo-1..3 echo: verbatim body, text/plain default, explicit mime, status', () => {
    const ctx = newContext()
    echo(ctx, 'flows/a.xml:1:1', ' {"a":1} ', 'application/json', '409')
    expect(ctx.response).toMatchObject({
      status: 409,
      body: [' {"a":1} '],
      explicitMime: 'application/json',
      defaultMime: 'text/plain',
    })
    const plain = newContext()
    echo(plain, 'flows/a.xml:1:1', 'hi')
    expect(plain.response).toMatchObject({
      status: 200,
      body: ['hi'],
      explicitMime: undefined,
      defaultMime: 'text/plain',
    })
  })

  it('F-RESP-5 a mime empty after trimming counts as absent; invalid status gives 500', () => {
    const ctx = newContext()
    echo(ctx, 'x', 'hi', '  ', 'abc')
    expect(ctx.response).toMatchObject({ status: 500, explicitMime: undefined })
  })

  it('F-RESP-5 a mime with control characters is an RF and changes nothing', () => {
    const ctx = newContext()
    const error = thrown(() => echo(ctx, 'flows/a.xml:3:5', 'hi', 'text/plain\r\nX: y', '201'))
    expect(infoOf(error)).toBe('flows/a.xml:3:5: echo: mime contains control characters: "text/plain\\r\\nX: y"')
    expect(ctx.response).toMatchObject({ status: 200, body: undefined })
  })

  it('ACT-dump-1 dump sends a variable with its own media type (no default mime)', () => {
    const ctx = newContext()
    ctx.vars.set('report', ['a', 1])
    dump(ctx, 'x', { kind: 'variable', name: 'report' }, undefined, '202')
    expect(ctx.response).toMatchObject({ status: 202, body: ['a', 1], explicitMime: undefined, defaultMime: undefined })
  })

  it('ACT-dump-3 missing input sends an empty body', () => {
    const ctx = newContext()
    dump(ctx, 'x', { kind: 'main-content' })
    expect(ctx.response.body).toEqual([])
    dump(ctx, 'x', { kind: 'variable', name: 'nope' }, 'text/csv')
    expect(ctx.response).toMatchObject({ body: [], explicitMime: 'text/csv' })
  })

  it('ACT-dump-1 dump of an upstream content location sends that content', () => {
    const ctx = newContext()
    const content = Content.fromText('{"a":1}', 'application/json')
    ctx.contents.upstream.set('stock', content)
    dump(ctx, 'x', locationText('svc://request/content/stock', 'flows'))
    expect(ctx.response.body).toEqual([content])
  })
})

describe('F-LOC-1 locations', () => {
  it.each([
    ['$a-b_1', 'flows', { kind: 'variable', name: 'a-b_1' }],
    ['svc://request/content', 'flows', { kind: 'main-content' }],
    ['svc://request/content/main', 'flows', { kind: 'upstream-content', id: 'main' }],
    ['svc://request/empty', 'flows', { kind: 'empty-document' }],
    ['svc://site/conf/a.json', 'flows', { kind: 'file', path: 'conf/a.json' }],
    ['/conf/../b.json', 'flows', { kind: 'file', path: 'b.json' }],
    ['x/./c.json', 'flows', { kind: 'file', path: 'flows/x/c.json' }],
    ['c.json', '', { kind: 'file', path: 'c.json' }],
  ])('parseLocation(%j, %j)', (text, dir, want) => {
    expect(parseLocation(text, dir)).toEqual({ ok: true, location: want })
  })

  it.each([
    ['$a/b', 'invalid variable name $a/b'],
    ['$xmlData', 'variable names starting with xml are reserved: $xmlData'],
    ['svc://request/content/', 'invalid content location svc://request/content/'],
    ['svc://request/other', 'unknown location svc://request/other'],
    ['http://x/y', 'unknown location http://x/y'],
    ['../../x', 'path leaves the project root: ../../x'],
    ['', 'empty location'],
  ])('parseLocation(%j) fails: %s', (text, reason) => {
    expect(parseLocation(text, 'flows')).toEqual({ ok: false, reason })
  })

  it('F-LOC-4 readLocation: values, missing locations, the empty document', () => {
    const ctx = newContext()
    ctx.vars.set('x', [42])
    expect(readLocation(ctx, { kind: 'variable', name: 'x' }, 'at', 'dump')).toEqual([42])
    expect(readLocation(ctx, { kind: 'variable', name: 'y' }, 'at', 'dump')).toBeUndefined()
    expect(readLocation(ctx, { kind: 'main-content' }, 'at', 'dump')).toBeUndefined()
    expect(readLocation(ctx, { kind: 'upstream-content', id: 'none' }, 'at', 'dump')).toBeUndefined()
    ctx.contents.main = ['main']
    expect(readLocation(ctx, { kind: 'main-content' }, 'at', 'dump')).toEqual(['main'])
    const [doc] = readLocation(ctx, { kind: 'empty-document' }, 'at', 'dump') as [
      { nodeType: number; documentElement: { nodeName: string; childNodes: unknown[] } },
    ]
    expect(doc.nodeType).toBe(9)
    expect(doc.documentElement.nodeName).toBe('empty')
    expect(doc.documentElement.childNodes).toHaveLength(0)
  })

  it('F-LOC-1 invalid dynamic location text is an RF; F-LOC-4 a missing file is missing input', () => {
    const ctx = newContext()
    expect(infoOf(thrown(() => readLocation(ctx, locationText('$x/y', 'flows'), 'flows/a.xml:2:3', 'dump')))).toBe(
      'flows/a.xml:2:3: dump: invalid location "$x/y": invalid variable name $x/y',
    )
    expect(readLocation(ctx, locationText('data.json', 'flows'), 'flows/a.xml:2:3', 'dump')).toBeUndefined()
  })

  it.each([
    ['$a', 'valid'],
    ['$_a-1', 'valid'],
    ['$xml', 'reserved'],
    ['$XmLx', 'reserved'],
    ['$xm', 'valid'],
    ['a', 'invalid'],
    ['$1', 'invalid'],
    ['$-a', 'invalid'],
    ['$a.b', 'invalid'],
    ['$', 'invalid'],
  ])('F-VAR-1 checkVariableName(%j) = %s', (text, want) => {
    expect(checkVariableName(text)).toBe(want)
  })
})

describe('F-EXEC-7 sub-flow calls', () => {
  it('ACT-sub-flow-2 a sub-flow runs one level deeper and its completion is returned', async () => {
    const ctx = newContext()
    const seen: number[] = []
    const inner: FlowFunction = async (c) => {
      seen.push(c.depth)
      return BREAK
    }
    expect(await subFlow(ctx, inner, 'flows/a.xml:1:1')).toBe(BREAK)
    expect(seen).toEqual([1])
    expect(ctx.depth).toBe(0)
  })

  it('depths 1..64 are allowed; the call at depth 64 is an RF', async () => {
    const ctx = newContext()
    let deepest = 0
    const recurse: FlowFunction = async (c) => {
      deepest = Math.max(deepest, c.depth)
      return subFlow(c, recurse, 'flows/r.xml:2:3')
    }
    const error = await subFlow(ctx, recurse, 'flows/r.xml:2:3').catch((e: unknown) => e)
    expect(deepest).toBe(MAX_SUBFLOW_DEPTH)
    expect(infoOf(error)).toBe('flows/r.xml:2:3: sub-flow: sub-flow nesting too deep')
    expect((error as RaisedError).alertTopic).toBe('sub-flow')
    expect(ctx.depth).toBe(0)
  })

  it('CONTINUE from a sub-flow is passed on', async () => {
    const ctx = newContext()
    expect(await subFlow(ctx, async () => CONTINUE, 'x')).toBe(CONTINUE)
  })
})
