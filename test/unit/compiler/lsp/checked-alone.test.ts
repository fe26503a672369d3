import { describe, expect, it } from 'vitest'

import { CHECKED_ALONE_MESSAGE, checkedAloneNote } from '../../../../compiler/lsp/checked-alone.js'

describe('checkedAloneNote', () => {
  it('is one Information diagnostic on the root element name, after the XML declaration and comments', () => {
    const note = checkedAloneNote('<?xml version="1.0"?>\n<!-- <x> -->\n<flow>\n</flow>\n')
    expect(note).toEqual({
      range: { start: { line: 2, character: 1 }, end: { line: 2, character: 5 } },
      severity: 3,
      source: 'svc',
      message: CHECKED_ALONE_MESSAGE,
    })
  })

  it('sits at the start of a document without an element yet', () => {
    expect(checkedAloneNote('').range).toEqual({ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } })
  })
})
