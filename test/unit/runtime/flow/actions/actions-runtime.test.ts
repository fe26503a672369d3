/**
 * Run-time helpers of the template actions, in-process: `template` (actions.md ACT-template-2..4,
 * templates.md T-CHK, T-RUN-3), `setResponseHeaders` (ACT-set-response-headers-1..4, ACT-COMMON-2),
 * `log` and its merge (ACT-log-1..3), and the member reader that keeps repeated names.
 */
import { describe, expect, it } from 'vitest'

import { headerField } from '../../../../../runtime/flow/actions/header-fields.js'
import { objectMembers } from '../../../../../runtime/flow/actions/json-members.js'
import {
  Content,
  type DebugLevel,
  decodeContent,
  JsonNumber,
  JsonObject,
  type JsonValue,
  log,
  mergeFields,
  parseJson,
  RaisedError,
  renderJson,
  setResponseHeaders,
  template,
} from '../../../../../runtime/index.js'
import { compileTemplates, newContext } from '../../../compiler/template/helpers.js'

const MAIN = { kind: 'main-content' } as const

describe('template', () => {
  it('T-RUN-3: after a run-time error nothing is stored', async () => {
    const [failing] = await compileTemplates(['{"a": {{ error() }}}'])
    const ctx = newContext({ x: ['before'] })
    expect(() => template(ctx, failing!, null, { kind: 'variable', name: 'x' })).toThrow(RaisedError)
    expect(ctx.vars.get('x')).toEqual(['before'])
  })

  it('T-CHK-2: an upstream content location gets the text; a checked output is already decoded for later reads', async () => {
    // the first is proven JSON at compile time (stored undecoded), the second is checked at run time
    const [proven, checked] = await compileTemplates([
      '{ "n": 1.50 }',
      '{{if true()}}{ "n": 1.50 }{{end}}{{if false()}}1{{end}}',
    ])
    expect([proven!.alwaysJson, checked!.alwaysJson]).toEqual([true, false])
    for (const compiled of [proven!, checked!]) {
      const ctx = newContext()
      template(ctx, compiled, null, { kind: 'upstream-content', id: 'saved' })
      const content = ctx.contents.upstream.get('saved')!
      expect(content.text).toBe('{ "n": 1.50 }')
      expect(content.mediaType).toBe('application/json')
      expect(content.decoded !== undefined).toBe(compiled === checked)
      expect(renderJson(decodeContent(content))).toBe('{"n":1.50}')
      expect(ctx.contents.main).toBeUndefined()
    }
  })

  it('T-CHK-4: invalid output with check writes one alert; without check none', async () => {
    const [compiled] = await compileTemplates(['[1 2]'])
    const lines: string[] = []
    const ctx = newContext({}, lines)
    template(ctx, compiled!, null, { kind: 'variable', name: 'x' })
    template(ctx, compiled!, null, { kind: 'variable', name: 'y' }, false)
    expect(ctx.vars.get('x')).toEqual(['[1 2]'])
    expect(ctx.vars.get('y')).toEqual(['[1 2]'])
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toMatchObject([
      {
        type: 'svc_alert',
        requestID: 'req-1',
        topic: 'template',
        message: "output is not valid JSON: unexpected character '2', expected ',' or ']' at 1:4",
        info: [
          "flows/order.xml:3:3: template: output is not valid JSON: unexpected character '2', expected ',' or ']' at 1:4",
        ],
        raised: false,
      },
    ])
  })

  it('ACT-template-2: the input of a dynamic location; an empty dynamic text is no input', async () => {
    const [compiled] = await compileTemplates(['{{ . }}'])
    const ctx = newContext({ v: ['value'] })
    template(ctx, compiled!, { kind: 'text', text: '$v', dir: 'flows' }, { kind: 'variable', name: 'a' })
    template(ctx, compiled!, { kind: 'text', text: '', dir: 'flows' }, { kind: 'variable', name: 'b' })
    expect(ctx.vars.get('a')).toEqual(['value'])
    expect(ctx.vars.get('b')).toEqual([])
  })
})

describe('set-response-headers', () => {
  it('ACT-COMMON-2: an invalid field fails the action before any header changes', async () => {
    const [compiled] = await compileTemplates([
      '{ "X-Good": "1", "X-Bad": {{ concat("a", codepoints-to-string(10), "b") }} }',
    ])
    const ctx = newContext()
    ctx.response.headers.set('X-Good', 'old')
    expect(() => setResponseHeaders(ctx, compiled!, MAIN)).toThrow(RaisedError)
    expect(ctx.response.headers.entries()).toEqual([['X-Good', 'old']])
  })

  it('ACT-set-response-headers-4: an RW (debug, warn) for a field the gateway owns', async () => {
    const [compiled] = await compileTemplates(['{ "Date": {{ "today" }}, "X-A": 1 }'])
    const ctx = newContext()
    const messages: [DebugLevel, string, string][] = []
    ctx.debug = (level, topic, message) => messages.push([level, topic, message])
    setResponseHeaders(ctx, compiled!, MAIN)
    expect(ctx.response.headers.entries()).toEqual([['X-A', '1']])
    expect(messages).toEqual([['warn', 'set-response-headers', 'header Date is set by the gateway; ignored']])
  })

  const FIELDS: [string, string, JsonValue, ReturnType<typeof headerField>][] = [
    ['a string, trimmed', 'X-A', ' \tv \t', { kind: 'set', name: 'X-A', values: ['v'] }],
    ['a number literal', 'X-N', new JsonNumber('1.50'), { kind: 'set', name: 'X-N', values: ['1.50'] }],
    ['a boolean', 'X-B', true, { kind: 'set', name: 'X-B', values: ['true'] }],
    [
      'an array, nulls skipped',
      'X-L',
      ['a', null, new JsonNumber('2')],
      { kind: 'set', name: 'X-L', values: ['a', '2'] },
    ],
    ['null removes', 'X-R', null, { kind: 'remove', name: 'X-R' }],
    ['Status in any case', 'sTaTuS', 'x', { kind: 'status', value: 'x' }],
    ['an owned field', 'Transfer-Encoding', 'x', { kind: 'ignored', name: 'Transfer-Encoding' }],
    ['a tab inside is allowed', 'X-T', 'a\tb', { kind: 'set', name: 'X-T', values: ['a\tb'] }],
    ['UTF-8 bytes', 'X-U', '€', { kind: 'set', name: 'X-U', values: ['\u00e2\u0082\u00ac'] }],
    ['DEL', 'X-D', 'a\u007f', { kind: 'invalid', reason: 'header X-D has control characters in its value "a\u007f"' }],
    ['NUL', 'X-Z', 'a\u0000', { kind: 'invalid', reason: 'header X-Z has control characters in its value "a\\u0000"' }],
    ['not a token', 'X:Y', 'a', { kind: 'invalid', reason: 'invalid header name "X:Y"' }],
    [
      'an object in an array',
      'X-O',
      [new JsonObject([], [])],
      { kind: 'invalid', reason: 'header X-O cannot take an object as value' },
    ],
    ['a nested array', 'X-O', [['a']], { kind: 'invalid', reason: 'header X-O cannot take a nested array as value' }],
  ]
  it.each(FIELDS)('headerField: %s', (_, name, value, want) => {
    expect(headerField(name, value)).toEqual(want)
  })

  it('objectMembers keeps repeated names and their order', () => {
    const text = ' { "a" : 1 , "b\\"c": {"x": [1, "]}"]}, "a": "2", "e": [] , "f": null } '
    const members = objectMembers(text)
    expect(members.map(([key]) => key)).toEqual(['a', 'b"c', 'a', 'e', 'f'])
    expect(members.map(([, value]) => value)).toEqual([
      new JsonNumber('1'),
      parseJson('{"x": [1, "]}"]}'),
      '2',
      [],
      null,
    ])
    expect(objectMembers('{}')).toEqual([])
  })
})

describe('log', () => {
  const obj = (text: string) => parseJson(text) as JsonObject
  const entries = (object: JsonObject) => object.keys.map((key, i) => [key, object.values[i]!] as const)

  it.each([
    ['scalars and arrays replace, in place', '{"a": 1, "b": [1]}', '{"b": [2], "a": "x"}', '{"a":"x","b":[2]}'],
    [
      'objects merge recursively',
      '{"c": {"x": 1, "y": {"z": 1}}}',
      '{"c": {"y": {"w": 2}, "v": 3}}',
      '{"c":{"x":1,"y":{"z":1,"w":2},"v":3}}',
    ],
    ['an object replaces a non-object', '{"c": 1}', '{"c": {"k": null, "j": 1}}', '{"c":{"j":1}}'],
    [
      'null removes; new fields are appended',
      '{"a": 1, "b": 2}',
      '{"a": null, "d": {}, "a2": [null]}',
      '{"b":2,"d":{},"a2":[null]}',
    ],
  ])('ACT-log-2: %s', (_, registered, update, want) => {
    const merged = mergeFields(obj(registered), entries(obj(update)))
    expect(JSON.stringify(toPlain(merged))).toBe(want)
  })

  it('ACT-log-1, ACT-log-3: not an object is a warn; system fields a debug message', async () => {
    const [array, system] = await compileTemplates(['[1]', '{"status": 1, "ok": {{ 1 }}}'], 'log')
    const ctx = newContext()
    const messages: [DebugLevel, string, string][] = []
    ctx.debug = (level, topic, message) => messages.push([level, topic, message])
    log(ctx, array!)
    expect(ctx.logFields).toBeNull()
    log(ctx, system!)
    expect(ctx.logFields?.keys).toEqual(['ok'])
    expect(messages).toEqual([
      ['warn', 'log', 'flows/order.xml:3:3: log: the result is not a JSON object; no fields registered'],
      ['debug', 'log', 'flows/order.xml:3:3: log: status is an access log field and cannot be set'],
    ])
  })

  it('ACT-log-2: the registry is replaced, never changed (get-log() may hold the old one)', async () => {
    const [compiled] = await compileTemplates(['{"a": {{ 2 }}}'], 'log')
    const ctx = newContext()
    const before = new JsonObject(['a'], [new JsonNumber('1')])
    ctx.logFields = before
    ctx.contents.main = [new Content(Buffer.from('{}'), 'application/json')]
    log(ctx, compiled!)
    expect(before.values).toEqual([new JsonNumber('1')])
    expect(ctx.logFields).not.toBe(before)
  })
})

/** A JsonValue as plain data, member order kept. */
function toPlain(value: JsonValue): unknown {
  if (value instanceof JsonNumber) return value.value
  if (value instanceof JsonObject)
    return Object.fromEntries(value.keys.map((key, i) => [key, toPlain(value.values[i]!)]))
  if (Array.isArray(value)) return (value as readonly JsonValue[]).map(toPlain)
  return value
}
