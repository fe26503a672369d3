import { describe, expect, it } from 'vitest'

import { placeAt, scanXml } from '../../../../compiler/lsp/xml-scan.js'

/** The place at the `|` of `marked` (the bar removed). */
function place(marked: string) {
  const offset = marked.indexOf('|')
  return placeAt(scanXml(marked.slice(0, offset) + marked.slice(offset + 1)), offset)
}

describe('placeAt', () => {
  it('finds element names, attribute names and values, also in tags being typed', () => {
    expect(place('<flow><ev|</flow>')).toMatchObject({ kind: 'element-name', element: { name: 'ev' } })
    expect(place('<flow><dump |</flow>')).toMatchObject({
      kind: 'attribute-name',
      element: { name: 'dump' },
      attribute: undefined,
    })
    expect(place('<flow><dump mi|="x"/></flow>')).toMatchObject({ kind: 'attribute-name', attribute: { name: 'mi' } })
    expect(place('<flow><dump minify="t|"/></flow>')).toMatchObject({
      kind: 'attribute-value',
      element: { name: 'dump' },
      attribute: { name: 'minify', value: 't' },
    })
    expect(place('<flow><dump minify="|\n<eval/></flow>')).toMatchObject({
      kind: 'attribute-value',
      attribute: { name: 'minify', value: '' },
    })
  })

  it('finds the element whose text holds the offset, and skips comments and end tags', () => {
    expect(place('<flow><eval out="$x">con|</eval></flow>')).toMatchObject({ kind: 'text', element: { name: 'eval' } })
    expect(place('<flow><eval/>|</flow>')).toMatchObject({ kind: 'text', element: { name: 'flow' } })
    expect(place('<flow><!-- <eval | --></flow>')).toEqual({ kind: 'skipped' })
    expect(place('<flow></fl|ow>')).toEqual({ kind: 'end-tag' })
  })
})
