/**
 * The `error` action (actions.md ACT-error-1..4; errors.md X10, X11, X13): compile-time checks of
 * static bodies, and the `$error` object the run time builds (defaults, order, run-time warnings).
 */
import { describe, expect, it } from 'vitest'

import { type DebugLevel, FlowContext } from '../../../../../runtime/context/flow-context.js'
import { stringifyJsonValue } from '../../../../../runtime/errors/error-document.js'
import { error, errorBodyObject, flowErrorObject } from '../../../../../runtime/flow/actions/error.js'
import { createLogger } from '../../../../../runtime/log/logger.js'
import { EMPTY } from '../../../../../runtime/values/item.js'
import { JsonNumber, JsonObject } from '../../../../../runtime/values/json-value.js'
import { compileFlow } from '../../../compiler/flow/helpers.js'

describe('ACT-error compile-time checks', () => {
  const CASES: [string, string, string[]][] = [
    ['ACT-error-1: an empty body', '<error/>', []],
    ['ACT-error-1: white space only', '<error>\n  </error>', []],
    ['ACT-error-1: a string', '<error> "gone" </error>', []],
    [
      'ACT-error-2: an object with every property',
      '<error>{ "message": "m", "status": 404, "code": 0, "info": ["a"], "x": [1] }</error>',
      [],
    ],
    [
      'ACT-error-1: an array is a CE',
      '<error>[1]</error>',
      ['flows/f.xml:2:10: error: the body must give a JSON object or string, not an array (<error>)'],
    ],
    [
      'ACT-error-1: a number is a CE',
      '<error> 42 </error>',
      ['flows/f.xml:2:11: error: the body must give a JSON object or string, not a number (<error>)'],
    ],
    [
      'ACT-error-1: null is a CE',
      '<error>null</error>',
      ['flows/f.xml:2:10: error: the body must give a JSON object or string, not null (<error>)'],
    ],
    [
      'ACT-error-2: status out of range',
      '<error>{ "status": 199 }</error>',
      ['flows/f.xml:2:10: error: invalid <error> body: status must be an integer from 200 to 599'],
    ],
    [
      'ACT-error-2: status as text',
      '<error>{ "status": "404" }</error>',
      ['flows/f.xml:2:10: error: invalid <error> body: status must be an integer from 200 to 599'],
    ],
    [
      'ACT-error-2: code out of range',
      '<error>{ "code": 10000 }</error>',
      ['flows/f.xml:2:10: error: invalid <error> body: code must be an integer from 0 to 9999'],
    ],
    [
      'ACT-error-2: message not a string',
      '<error>{ "message": 3 }</error>',
      ['flows/f.xml:2:10: error: invalid <error> body: message must be a string'],
    ],
    [
      'ACT-error-2: info not strings',
      '<error>{ "info": ["a", 1] }</error>',
      ['flows/f.xml:2:10: error: invalid <error> body: info must be an array of strings'],
    ],
    [
      'ACT-error-3, F-RESP-2: a static invalid status attribute is a CW',
      '<error status="99"/>',
      ['flows/f.xml:2:10: warning: invalid status "99"; status 500 is sent instead (valid: 200-599)'],
    ],
    ['ACT-error-1: a dynamic body is checked at run time', '<error>{{ $x }}</error>', []],
  ]
  it.each(CASES)('%s', (_, element, want) => {
    const lines = compileFlow(`<flow>\n  ${element}\n</flow>`).lines.filter((line) => !line.includes('is never set'))
    expect(lines).toEqual(want)
  })

  it('ACT-error-1: invalid JSON in a static body is a CE at the JSON error', () => {
    expect(compileFlow('<flow>\n  <error>{ "a": }</error>\n</flow>').lines[0]).toMatch(
      /^flows\/f\.xml:2:\d+: error: the body of <error> is not valid JSON: /,
    )
  })
})

describe('ACT-error-2, X10, X11: $error of the error action', () => {
  const object = (entries: [string, unknown][]) => JsonObject.fromEntries(entries as never)
  const text = (value: JsonObject) => stringifyJsonValue(value)

  it('X11: every default for an empty body', () => {
    const warnings: string[] = []
    expect(text(flowErrorObject(object([]), undefined, (w) => warnings.push(w)))).toBe(
      '{"message":"FlowError","status":500,"code":5000,"info":["Flow Error triggered"]}',
    )
    expect(warnings).toEqual([])
  })

  it('X10: recognised properties first in order, then requestID from the body, then the rest in order', () => {
    const body = object([
      ['orderId', new JsonNumber('17')],
      ['requestID', 'mine'],
      ['info', ['a']],
      ['code', new JsonNumber('4120')],
      ['zeta', true],
    ])
    expect(text(flowErrorObject(body, undefined, () => {}))).toBe(
      '{"message":"FlowError","status":500,"code":4120,"info":["a"],"requestID":"mine","orderId":17,"zeta":true}',
    )
  })

  it('ACT-error-3: the status attribute wins over the body; an invalid one gives 500', () => {
    const body = object([['status', new JsonNumber('503')]])
    expect(text(flowErrorObject(body, ' 404 ', () => {}))).toContain('"status":404')
    expect(text(flowErrorObject(body, 'abc', () => {}))).toContain('"status":500')
  })

  it('ACT-error-2 (decided): wrong types at run time get their defaults and an RW each', () => {
    const warnings: string[] = []
    const body = object([
      ['message', new JsonNumber('1')],
      ['status', new JsonNumber('600')],
      ['code', 'x'],
      ['info', 'one'],
    ])
    expect(text(flowErrorObject(body, undefined, (w) => warnings.push(w)))).toBe(
      '{"message":"FlowError","status":500,"code":5000,"info":["Flow Error triggered"]}',
    )
    expect(warnings).toEqual([
      'message must be a string; the default is used',
      'status must be an integer from 200 to 599; the default is used',
      'code must be an integer from 0 to 9999; the default is used',
      'info must be an array of strings; the default is used',
    ])
  })

  it('X13: line breaks in message and info become spaces', () => {
    const body = object([
      ['message', 'a\nb'],
      ['info', ['c\r\nd']],
    ])
    expect(text(flowErrorObject(body, undefined, () => {}))).toContain(
      '"message":"a b","status":500,"code":5000,"info":["c d"]',
    )
  })

  it('ACT-error-1: a string is the message; other results are not objects', () => {
    expect(errorBodyObject('gone')).toEqual(new JsonObject(['message'], ['gone']))
    expect(errorBodyObject(true)).toBe('the body must give a JSON object or string, not a boolean')
  })

  it('ACT-error-4: the raised error carries alert topic error; without a template the defaults', () => {
    const ctx = new FlowContext(
      { siteRoot: '/site', logger: createLogger(() => {}), env: EMPTY, server: EMPTY },
      'req-1',
      new AbortController().signal,
    )
    const debug: [DebugLevel, string, string][] = []
    ctx.debug = (level, topic, message) => debug.push([level, topic, message])
    const raised = error(ctx, 'flows/f.xml:2:3', null, '418')
    expect(raised.alertTopic).toBe('error')
    expect(raised.status).toBe(418)
    expect(raised.code).toBe(5000)
    expect(debug).toEqual([])
  })
})
