import { describe, expect, it } from 'vitest'

import { createSourceFile, lineColOf } from '../../../../compiler/diagnostics/source.js'
import { positionOf } from '../../../../compiler/lsp/lsp-diagnostic.js'

describe('positionOf', () => {
  it('counts UTF-16 units where svc-compile counts code points, and ends lines at LF, CRLF and CR', () => {
    const file = createSourceFile('/f.xml', 'a\r\nb\rc\n😀x')
    const offset = file.text.indexOf('x')
    expect(positionOf(file, offset)).toEqual({ line: 3, character: 2 })
    expect(lineColOf(file, offset)).toEqual({ line: 4, column: 2 })
    expect(positionOf(file, file.text.indexOf('c'))).toEqual({ line: 2, character: 0 })
  })
})
