/**
 * Basic-auth credential lists and checks (security.md BA2-BA7, BA10): entry syntax, invalid lists, the
 * first entry of a name, env sources per request with 3211, and that no reason names the user.
 */
import { describe, expect, it } from 'vitest'

import { BasicScheme } from '../../../../runtime/auth/basic-scheme.js'
import { parseCredentialList, sha256 } from '../../../../runtime/auth/credentials.js'
import { Problem } from '../../../../runtime/auth/settings.js'
import type { ClientRequest } from '../../../../runtime/context/flow-context.js'
import { RaisedError } from '../../../../runtime/errors/raised-error.js'

const basic = (pair: string) =>
  ({
    headers: new Map([['authorization', `Basic ${Buffer.from(pair).toString('base64')}`]]),
  }) as unknown as ClientRequest

describe('parseCredentialList (BA3, BA4)', () => {
  it('splits at newlines and commas, trims, skips empty entries, splits at the first colon', () => {
    const list = parseCredentialList(
      ' alice:pa:ss ,\n\n bob:{SHA256}' + sha256('x').toString('hex').toUpperCase() + '\r\n,',
    )
    expect(list).toEqual([
      { user: 'alice', digest: sha256('pa:ss') },
      { user: 'bob', digest: sha256('x') },
    ])
  })
  const INVALID: [string, string, string][] = [
    ['no entries', ' , \n', 'has no user:password entries'],
    [
      'an entry without a colon',
      'alice:a,bob',
      'has an invalid entry 2 (expected user:password or user:{SHA256}<hex>)',
    ],
    ['an empty password', 'alice:', 'has an invalid entry 1 (expected user:password or user:{SHA256}<hex>)'],
    [
      'a malformed digest',
      'alice:{SHA256}abc',
      'has an invalid entry 1 (expected user:password or user:{SHA256}<hex>)',
    ],
  ]
  it.each(INVALID)('invalid: %s', (_, text, want) => {
    const list = parseCredentialList(text)
    expect(list).toBeInstanceOf(Problem)
    expect((list as Problem).text).toBe(want)
  })
})

describe('BasicScheme (BA4-BA7, BA10)', () => {
  const scheme = new BasicScheme(
    {
      kind: 'basic',
      name: 'Ops',
      realm: 'Ops',
      outVar: 'basicauth',
      users: [{ user: 'alice', password: { value: 'one' } }],
      credentials: { env: 'OPS_USERS' },
    },
    '/nowhere',
  )
  it('reads the env list per request; users come first', async () => {
    const env = { OPS_USERS: 'alice:two,bob:three' }
    expect(await scheme.check(basic('alice:one'), env, 'r1')).toMatchObject({ passed: true })
    expect(await scheme.check(basic('alice:two'), env, 'r1')).toEqual({ passed: false, reason: 'Invalid credentials' })
    expect(await scheme.check(basic('bob:three'), env, 'r1')).toMatchObject({ passed: true })
    expect(await scheme.check(basic('bob:three'), { OPS_USERS: 'carol:four' }, 'r1')).toEqual({
      passed: false,
      reason: 'Invalid credentials',
    })
  })
  it('3211 for an unset, empty or invalid env list, naming the variable but no value', async () => {
    const info = async (env: Record<string, string>) => {
      try {
        await scheme.check(basic('alice:one'), env, 'r1')
      } catch (error) {
        expect(error).toBeInstanceOf(RaisedError)
        expect((error as RaisedError).code).toBe(3211)
        return String((error as RaisedError).errorObject.get('info'))
      }
      return 'no error'
    }
    expect(await info({})).toBe(
      'Environment variable OPS_USERS is not set (security scheme Ops, x-svc-basicauth.credentials)',
    )
    expect(await info({ OPS_USERS: '  \n' })).toBe(
      'Environment variable OPS_USERS is empty (security scheme Ops, x-svc-basicauth.credentials)',
    )
    expect(await info({ OPS_USERS: 'secret-without-colon' })).not.toContain('secret')
  })
})
