/**
 * "Did you mean" suggestions are data as well as text: each diagnostic whose message ends in
 * `; did you mean …?` carries the suggested names, without the message's punctuation, in
 * `suggestions` (for editors and `svc-compile --format json|sarif`). The message text is unchanged.
 */
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { suggest, suggestBest, suggestionText } from '../../../../compiler/diagnostics/did-you-mean.js'
import { compile } from '../../../../compiler/index.js'

const BROKEN = new URL('../../../fixtures/cli/01-broken-project/', import.meta.url).pathname

describe('suggestions', () => {
  it('suggest() gives the names and the suffix that shows them', () => {
    expect(suggest('tolowr', ['tolower', 'toupper', 'concat'], (name) => `${name}()`)).toEqual({
      names: ['tolower'],
      suffix: '; did you mean tolower()?',
    })
    expect(suggest('zzz', ['tolower'])).toEqual({ names: [], suffix: '' })
    expect(suggestBest('requets', ['request', 'requests'], (name) => `<${name}>`)).toEqual({
      names: ['request'],
      suffix: '; did you mean <request>?',
    })
    expect(suggestionText(['a', 'b', 'c'], (name) => `"${name}"`)).toBe('; did you mean "a", "b" or "c"?')
  })

  it('every diagnostic of a broken project that suggests names carries them, in the order the message gives them', async () => {
    const result = await compile(join(BROKEN, 'definition.yaml'))
    const suggesting = result.diagnostics.filter((d) => d.message.includes('did you mean'))
    expect(suggesting.map((d) => [d.code, d.suggestions])).toEqual([
      ['definition/foreign-extension', ['x-svc-cors']],
      ['definition/unknown-extension', ['x-svc-flow']],
      ['xpath/unknown-function', ['tolower']],
      ['flow/unknown-action', ['eval']],
      ['xpath/unset-variable', ['name']],
    ])
    for (const diagnostic of result.diagnostics.filter((d) => !d.message.includes('did you mean')))
      expect(diagnostic.suggestions).toBeUndefined()
  })
})
