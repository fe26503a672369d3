/**
 * Issue 8 (hardening) regressions found by the bad-input catalog, the fuzz run and the fault tests:
 * request validation accepted JSON nested deeper than OXN-13 allows; an oversized upstream header
 * section reported undici's own wording; and the pure helpers behind the new limits.
 */
import { describe, expect, it } from 'vitest'

import { exceedsJsonDepth } from '../../../runtime/oxn/json-depth.js'
import { MAX_JSON_DEPTH, parseJson } from '../../../runtime/oxn/parse-json.js'
import { tooManyQueryParams } from '../../../runtime/server/limits.js'
import { classifyError } from '../../../runtime/upstream/failure.js'
import { checkBody } from '../../../runtime/validate/body.js'
import type { SchemaValidator } from '../../../runtime/validate/plan.js'
import { Content } from '../../../runtime/values/content.js'

const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth)
const ACCEPT_ALL: SchemaValidator = () => true

describe('OXN-13 depth for validation (VA16)', () => {
  it('513 levels are `body is not valid JSON`, as for $body itself', () => {
    const out: string[] = []
    checkBody(
      { validate: ACCEPT_ALL, acceptsText: false },
      Content.fromText(nested(MAX_JSON_DEPTH + 1), 'application/json'),
      out,
    )
    expect(out).toEqual(['Type constraint violated in body for /: body is not valid JSON'])
    expect(() => parseJson(nested(MAX_JSON_DEPTH + 1))).toThrow()
  })

  it('512 levels pass', () => {
    const out: string[] = []
    checkBody(
      { validate: ACCEPT_ALL, acceptsText: false },
      Content.fromText(nested(MAX_JSON_DEPTH), 'application/json'),
      out,
    )
    expect(out).toEqual([])
  })
})

const DEPTHS: [string, string, boolean][] = [
  ['brackets inside strings do not count', `["${'['.repeat(600)}"]`, false],
  ['an escaped quote does not end the string', `["\\"${'{'.repeat(600)}"]`, false],
  ['objects and arrays both count', `${'{"a":['.repeat(257)}${']}'.repeat(257)}`, true],
  ['siblings do not add up', `[${Array.from({ length: 600 }, () => '[]').join(',')}]`, false],
]

describe('exceedsJsonDepth', () => {
  it.each(DEPTHS)('%s', (_, text, want) => {
    expect(exceedsJsonDepth(text)).toBe(want)
    let strict = true
    try {
      parseJson(text)
    } catch {
      strict = false
    }
    expect(strict).toBe(!want)
  })
})

const QUERIES: [string, number, boolean][] = [
  ['a', 1, false],
  ['a&b', 1, true],
  ['a&b&c', 3, false],
  ['&&&', 3, true],
]

describe('tooManyQueryParams (SVC_MAX_QUERY_PARAMS)', () => {
  it.each(QUERIES)('%s with limit %d', (query, limit, want) => expect(tooManyQueryParams(query, limit)).toBe(want))
})

describe('UP-NET-9: an oversized upstream header section', () => {
  it('is a transport failure with a short cause', () => {
    const error = Object.assign(new Error('Headers Overflow Error'), { code: 'UND_ERR_HEADERS_OVERFLOW' })
    expect(classifyError(error, { connectMs: 1000, ttfbMs: 0, overallMs: 1000 }, false)).toEqual({
      kind: 'transport',
      cause: 'response header section too large',
      errorName: 'UND_ERR_HEADERS_OVERFLOW',
    })
  })
})
