/** Choosing a mock example by `Accept` (operations.md MK2) and the mock table of MK3. */
import { describe, expect, it } from 'vitest'

import { chooseExample } from '../../../../runtime/mock/choose-example.js'
import { createMockTable } from '../../../../runtime/mock/mock-table.js'

const table = createMockTable([
  [
    '/items/{sku}',
    [
      [
        'GET',
        [
          ['application/json', '{"sku":"A-1"}'],
          ['text/csv', 'sku\nA-1\n'],
          ['image/png', 'iVBORw0K', 'base64'],
        ],
      ],
    ],
  ],
  [
    '/only-csv',
    [
      [
        'GET',
        [
          ['text/csv', 'a,b\n'],
          ['application/xml', '<a/>'],
        ],
      ],
    ],
  ],
])
const items = table.get('/items/{sku}')!.get('GET')!
const csvFirst = table.get('/only-csv')!.get('GET')!
const chosen = (examples: typeof items, accept: string | undefined) =>
  chooseExample(examples, accept)?.mediaType ?? null

describe('MK2 choice of the example', () => {
  it.each([
    [undefined, 'application/json'],
    ['*/*', 'application/json'],
    ['*/*;q=0.8', 'application/json'],
    ['text/csv', 'text/csv'],
    ['text/*', 'text/csv'],
    ['text/csv;q=0.5, application/json;q=0.9', 'application/json'],
    ['text/csv, application/json', 'application/json'],
    ['image/*;q=0.3, */*;q=0.1', 'image/png'],
    ['application/json;q=0, */*', 'text/csv'],
    ['application/xml', null],
    ['text/html', null],
  ])('Accept %s chooses %s', (accept, mediaType) => {
    expect(chosen(items, accept)).toBe(mediaType)
  })

  it('without Accept and without a JSON example, the first listed media type', () => {
    expect(chosen(csvFirst, undefined)).toBe('text/csv')
    expect(chosen(csvFirst, 'application/*')).toBe('application/xml')
  })

  it('MK3: bodies are the rendered bytes; base64 marks raw file content', () => {
    expect(Buffer.from(items[1]!.body).toString('utf8')).toBe('sku\nA-1\n')
    expect(Buffer.from(items[2]!.body)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))
  })
})
