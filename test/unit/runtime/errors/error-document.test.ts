/** errors.md X14 (sendable status) and X15 (document text, requestID placement). */
import { describe, expect, it } from 'vitest'

import { errorStatusOf, renderErrorDocument, sendableStatus } from '../../../../runtime/errors/index.js'
import { JsonNumber, JsonObject } from '../../../../runtime/values/json-value.js'

const obj = (entries: [string, unknown][]) => JsonObject.fromEntries(entries as never)

describe('X14', () => {
  it.each([
    [200, 200],
    [599, 599],
    [199, 500],
    [600, 500],
    [404.5, 500],
    [NaN, 500],
  ])('%d -> %d', (status, sent) => expect(sendableStatus(status)).toBe(sent))

  it.each([
    ['number', new JsonNumber('418'), 418],
    ['numeric text', ' 409 ', 409],
    ['other text', 'teapot', 500],
    ['missing', undefined, 500],
  ])('$error/status as %s', (_, status, sent) => {
    expect(errorStatusOf(obj(status === undefined ? [] : [['status', status]]))).toBe(sent)
  })
})

describe('X15 document', () => {
  it.each([
    [
      'requestID added after the leading members',
      [
        ['message', 'm'],
        ['status', new JsonNumber('500')],
        ['code', new JsonNumber('5000')],
        ['info', []],
        ['x', null],
      ],
      '{"error":{"message":"m","status":500,"code":5000,"info":[],"requestID":"R","x":null}}',
    ],
    [
      'an existing requestID is kept',
      [
        ['requestID', 'own'],
        ['message', 'm'],
      ],
      '{"error":{"requestID":"own","message":"m"}}',
    ],
    [
      'number literals kept as written',
      [['status', new JsonNumber('4.0E2')]],
      '{"error":{"status":4.0E2,"requestID":"R"}}',
    ],
    [
      'strings escaped, nested values compact',
      [
        ['message', 'a"b\n'],
        ['info', [obj([]), [true]]],
      ],
      '{"error":{"message":"a\\"b\\n","info":[{},[true]],"requestID":"R"}}',
    ],
  ])('%s', (_, entries, text) => {
    expect(renderErrorDocument(obj(entries as [string, unknown][]), 'R')).toBe(text)
  })
})
