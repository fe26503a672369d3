/**
 * The function registry (xpath-functions.md section 10, XP-STR-1, XC-10) against its implementations
 * and the engine: every implemented function has an implementation and is callable with every arity;
 * the standard names used for suggestions exist in the engine, and the ones XP-STR-2 and XP-NAME-2
 * list as missing do not.
 */
import { describe, expect, it } from 'vitest'

import {
  EXTENSION_FUNCTIONS,
  FN_NS,
  FUNCTION_IMPLEMENTATIONS,
  STANDARD_FUNCTION_NAMES,
  standardFunctionArities,
} from '../../../../runtime/index.js'
import { compileWithDiagnostics } from './helpers.js'

describe('registry', () => {
  it('has an implementation for exactly the implemented functions', () => {
    const implemented = [...EXTENSION_FUNCTIONS]
      .filter(([, spec]) => spec.status === 'implemented')
      .map(([name]) => name)
    expect([...FUNCTION_IMPLEMENTATIONS.keys()].sort()).toEqual(implemented.sort())
  })

  it('lists every function of section 10', () => {
    const section10 =
      `capitalize-first ends-with join matches replace split tolower toupper trim json-parse json-stringify json-to-xml
      xml-to-json json-to-csv array array-reverse sort apply-codecs base64-encode base64-decode urlencode url-encode urldecode
      url-decode md5 calc-signature verify-signature encrypt decrypt unixtime uuid4 uuid3 body content svc-document json-doc
      file-exists lookup jwt-decode jwt-encode xml-parse html-parse has-class verify-xmldsig decrypt-xml svc-log svc-serialize
      get-log ldap-lookup ldap-query`.split(/\s+/)
    for (const name of section10) expect(EXTENSION_FUNCTIONS.has(name), name).toBe(true)
  })

  it('marks the "optional, later" functions (XC-10)', () => {
    const optional = [...EXTENSION_FUNCTIONS]
      .filter(([, spec]) => spec.status === 'not-supported')
      .map(([name]) => name)
    expect(optional.sort()).toEqual(['decrypt-xml', 'ldap-lookup', 'ldap-query', 'verify-xmldsig'])
  })

  it('compiles a call of every implemented function with each arity', () => {
    for (const [name, spec] of EXTENSION_FUNCTIONS) {
      if (spec.status !== 'implemented') continue
      for (let arity = spec.min; arity <= Math.min(spec.max, spec.min + 3); arity++) {
        // variables, not literals: literal arguments have checks of their own (XC-4, XC-5, XC-8, XC-9)
        const args = Array.from({ length: arity }, (_, i) => `$a${i}`).join(', ')
        const { diagnostics } = compileWithDiagnostics(`${name}(${args})`)
        expect(diagnostics, `${name}#${arity}`).toEqual([])
      }
    }
  })

  it('suggests only standard functions the engine has', () => {
    for (const name of STANDARD_FUNCTION_NAMES)
      expect(standardFunctionArities(FN_NS, name).length, name).toBeGreaterThan(0)
  })

  it.each([
    'format-number',
    'format-date',
    'analyze-string',
    'json-doc',
    'json-to-xml',
    'xml-to-json',
    'sort',
    'parse-xml',
    'transform',
    'environment-variable',
  ])('the engine lacks fn:%s (XP-STR-2, XP-NAME-2)', (name) => {
    expect(standardFunctionArities(FN_NS, name)).toEqual([])
    expect(STANDARD_FUNCTION_NAMES).not.toContain(name)
  })
})
