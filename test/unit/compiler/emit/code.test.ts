import { describe, expect, it } from 'vitest'

import { Code, comment, identifier, importCode, js, lit, Name, unsafeCode } from '../../../../compiler/emit/code.js'
import { objectCode } from '../../../../compiler/emit/parts/object-code.js'

describe('the code builder closes its gaps by construction (issue 23)', () => {
  it('makes identifiers only of identifier text', () => {
    expect(identifier('flowGetUser_2').text).toBe('flowGetUser_2')
    expect(identifier('$x')).toBeInstanceOf(Name)
    for (const text of ['', '2x', 'a-b', 'a b', 'x;y', "x'", 'é'])
      expect(() => identifier(text), text).toThrow(/internal error: .* is not an identifier/)
  })

  it('lets no other module construct Code: the constructor wants the key code.ts keeps', () => {
    const Unchecked = Code as unknown as new (...args: unknown[]) => Code
    expect(() => new Unchecked('x')).toThrow('internal error: Code is made by compiler/emit/code.ts only')
    expect(() => new Unchecked(Symbol('made in code.ts'), 'x')).toThrow('internal error')
    expect(unsafeCode('a + b').text).toBe('a + b')
  })

  it('writes imports of a specifier the emitter made, and refuses one that would break out of the string', () => {
    expect(importCode(js`{ ${identifier('APP')} }`, './app.js').text).toBe("import { APP } from './app.js'")
    expect(() => importCode(js`{ ${identifier('X')} }`, "./x.js'; evil()")).toThrow(/module specifier/)
    expect(() => importCode(js`{ ${identifier('X')} }`, './x\n.js')).toThrow(/module specifier/)
  })

  it('writes object keys only as identifiers', () => {
    expect(objectCode([['in', lit('query')]]).text).toBe('{ in: "query" }')
    expect(() => objectCode([['a-b', lit(1)]])).toThrow(/is not an identifier/)
  })

  it('keeps file headers on one comment line', () => {
    expect(comment('Generated from a\nb.xml', Infinity).text).toBe('// Generated from a b.xml')
  })
})
