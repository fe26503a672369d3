import { describe, expect, it } from 'vitest'

import { ERROR_KINDS, errorKindOf } from '../../../../runtime/errors/codes.js'

describe('the error registry says how an error is answered (issue 23)', () => {
  it('finds each kind by its code, and nothing for codes it does not own', () => {
    for (const kind of Object.values(ERROR_KINDS)) expect(errorKindOf(kind.code)).toBe(kind)
    expect(errorKindOf(4711)).toBeUndefined()
    expect(errorKindOf(undefined)).toBeUndefined()
  })

  it('answers only requests it could not read without the error flow, and closes only for a body too large (EF3, X16)', () => {
    const withoutFlow = Object.entries(ERROR_KINDS).filter(([, kind]) => 'withoutErrorFlow' in kind)
    expect(withoutFlow.map(([name]) => name).sort()).toEqual(['BODY_TOO_LARGE', 'MALFORMED_REQUEST'])
    const closing = Object.entries(ERROR_KINDS).filter(([, kind]) => 'closesConnection' in kind)
    expect(closing.map(([name]) => name)).toEqual(['BODY_TOO_LARGE'])
  })

  it('has one entry per code', () => {
    const codes = Object.values(ERROR_KINDS).map((kind) => kind.code)
    expect(new Set(codes).size).toBe(codes.length)
  })
})
