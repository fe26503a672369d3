/** validation.md VA11: conversion of parameter texts, collection formats, nested items. */
import { describe, expect, it } from 'vitest'

import {
  type ConversionFailure,
  convertScalar,
  convertValue,
  rawTextAt,
  splitCollection,
} from '../../../../runtime/validate/convert.js'

describe('VA11 scalar conversion', () => {
  const CASES: [string, 'integer' | 'number' | 'boolean' | 'string', unknown][] = [
    ['42', 'integer', 42],
    ['-007', 'integer', -7],
    ['+7', 'integer', undefined],
    ['4.0', 'integer', undefined],
    [' 4', 'integer', undefined],
    ['', 'integer', undefined],
    ['12345678901234567890', 'integer', 12345678901234567890],
    ['1.5', 'number', 1.5],
    ['.5', 'number', 0.5],
    ['-2e3', 'number', -2000],
    ['1E-2', 'number', 0.01],
    ['1.', 'number', undefined],
    ['+1', 'number', undefined],
    ['NaN', 'number', undefined],
    ['Infinity', 'number', undefined],
    ['0x10', 'number', undefined],
    ['1e400', 'number', undefined],
    ['true', 'boolean', true],
    ['false', 'boolean', false],
    ['True', 'boolean', undefined],
    ['1', 'boolean', undefined],
    ['', 'string', ''],
  ]
  it.each(CASES)('VA11: %j as %s', (text, type, want) => expect(convertScalar(text, type)).toBe(want))
})

describe('VA11 collection formats', () => {
  it.each([
    ['a,,b', 'csv', false, ['a', '', 'b']],
    ['a b', 'ssv', false, ['a', 'b']],
    ['a\tb', 'tsv', false, ['a', 'b']],
    ['a|b|', 'pipes', false, ['a', 'b', '']],
    ['', 'csv', false, []],
    [' a , b\t', 'csv', true, ['a', 'b']],
    [' a , b', 'csv', false, [' a ', ' b']],
  ] as const)('VA11: %j split by %s (trimmed: %s)', (text, format, trim, want) =>
    expect(splitCollection(text, format, trim)).toEqual(want),
  )

  it('VA11: nested items are split by their own collectionFormat; every failing item is reported', () => {
    const failures: ConversionFailure[] = []
    const items = {
      type: 'array' as const,
      collectionFormat: 'csv' as const,
      items: { type: 'integer' as const, collectionFormat: 'csv' as const, items: null },
    }
    const converted = convertValue('1,2 x,3 4', 'array', 'ssv', items, false, failures)
    expect(failures).toEqual([{ failed: 'x', type: 'integer' }])
    expect(converted.value).toEqual([[1, 2], [undefined, 3], [4]])
    expect(rawTextAt(converted.raw, '/1/1')).toBe('3')
    expect(rawTextAt(converted.raw, '/0')).toBe('1,2')
  })

  it('VA11: multi occurrences are the items; `?ids=` gives [""]', () => {
    const failures: ConversionFailure[] = []
    expect(convertValue([''], 'array', 'csv', null, false, failures).value).toEqual([''])
    expect(
      convertValue(
        ['1', '2'],
        'array',
        'csv',
        { type: 'integer', collectionFormat: 'csv', items: null },
        false,
        failures,
      ).value,
    ).toEqual([1, 2])
    expect(failures).toEqual([])
  })
})
