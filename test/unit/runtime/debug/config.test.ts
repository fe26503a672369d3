/**
 * Debug configurations (operations.md DB1 defaults and normalization, DB2 level order, DB3 topics,
 * DB8 `inline`; flows.md F-DBG-1 topic names) and the `Debug` header rules of DB4.
 */
import { describe, expect, it } from 'vitest'

import { type DebugConfig, parseDebugConfig, selects } from '../../../../runtime/debug/config.js'
import { passwordDigest, readDebugHeader } from '../../../../runtime/debug/header.js'
import { LEVEL_RANK, parseDebugLevel } from '../../../../runtime/debug/levels.js'

const config = (text: string): DebugConfig => {
  const parsed = parseDebugConfig(text)
  if (typeof parsed === 'string') throw new Error(parsed)
  return parsed
}

describe('DB1 parsing and defaults', () => {
  it.each([
    ['template', 'template:debug:log'],
    ['*:info', '*:info:log'],
    ['::append', '*:debug:append'],
    ['', '*:debug:log'],
    ['request:info:append', 'request:info:append'],
    [' request , template ,, :warning:inline', 'request,template:warn:inline'],
    ['a,*:ERROR:LOG', '*:error:log'],
    ['x.y-z_1:verbose', 'x.y-z_1:verbose:log'],
  ])('%j normalizes to %s', (text, normalized) => {
    expect(config(text).text).toBe(normalized)
  })

  it.each([
    ['a:b:c:d', /parts/],
    ['*:loud', /unknown level "loud"/],
    ['*:debug:screen', /unknown sink "screen"/],
    ['a b:debug', /invalid topic name "a b"/],
    ['a/b', /invalid topic name/],
  ])('%j is invalid', (text, reason) => {
    expect(parseDebugConfig(text)).toMatch(reason)
  })

  it('DB8: inline appends like append', () => {
    expect(config('::inline').appends).toBe(true)
    expect(config('::log').appends).toBe(false)
  })
})

describe('DB2 selection', () => {
  it('levels are ordered verbose < debug < info < warn < error < alert; warning = warn', () => {
    expect(['verbose', 'debug', 'info', 'warn', 'error', 'alert'].map((l) => LEVEL_RANK[parseDebugLevel(l)!])).toEqual([
      0, 1, 2, 3, 4, 5,
    ])
    expect(parseDebugLevel('Warning')).toBe('warn')
    expect(parseDebugLevel('loud')).toBeNull()
  })

  it('a message is emitted at or above the level, for a selected topic or an extra topic in force (F-DBG-2)', () => {
    const c = config('pricing,request:info')
    expect(selects(c, LEVEL_RANK.info, 'request', [])).toBe(true)
    expect(selects(c, LEVEL_RANK.alert, 'request', [])).toBe(true)
    expect(selects(c, LEVEL_RANK.debug, 'request', [])).toBe(false)
    expect(selects(c, LEVEL_RANK.info, 'template', [])).toBe(false)
    expect(selects(c, LEVEL_RANK.info, 'template', ['pricing'])).toBe(true)
    expect(selects(config('*:warn'), LEVEL_RANK.warn, 'anything', [])).toBe(true)
  })
})

describe('DB4 the Debug header', () => {
  const digest = passwordDigest('s3cret')

  it('is ignored when not allowed', () => {
    expect(readDebugHeader('*:debug', false, null)).toMatchObject({
      accepted: false,
      reason: expect.stringMatching(/not allowed/),
    })
  })

  it('replaces the configuration when allowed', () => {
    expect(readDebugHeader('request:info:append', true, null)).toMatchObject({
      accepted: true,
      config: { text: 'request:info:append' },
    })
  })

  it('with SVC_DEBUG_AUTH needs `; auth=<password>`, whitespace around `;` ignored', () => {
    expect(readDebugHeader('*:info ; auth=s3cret', true, digest)).toMatchObject({
      accepted: true,
      config: { text: '*:info:log' },
    })
    expect(readDebugHeader('*:info;auth=s3cret', true, digest)).toMatchObject({ accepted: true })
    expect(readDebugHeader('*:info', true, digest)).toMatchObject({
      accepted: false,
      reason: expect.stringMatching(/auth=/),
    })
    expect(readDebugHeader('*:info; auth=S3cret', true, digest)).toMatchObject({
      accepted: false,
      reason: expect.stringMatching(/wrong password/),
    })
    expect(readDebugHeader('*:info; auth=s3cret ', true, digest)).toMatchObject({ accepted: false })
  })

  it('an unparsable configuration is ignored with its reason', () => {
    expect(readDebugHeader('*:shout', true, null)).toMatchObject({
      accepted: false,
      reason: expect.stringMatching(/unknown level/),
    })
    expect(readDebugHeader('*:info; other=1', true, null)).toMatchObject({ accepted: false })
  })
})
