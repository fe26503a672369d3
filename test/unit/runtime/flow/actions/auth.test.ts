/** The `auth` action (actions.md ACT-auth-1..4): users, Basic credentials and the 401 answer. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { basicCredentials, BREAK, CONTINUE } from '../../../../../runtime/index.js'
import { renderFlowResponse } from '../../../../../runtime/server/send.js'
import { clientRequest, type CompiledProject, compileProject, lowerFlowText, makeSite, removeSite } from './helpers.js'

const basic = (credentials: string) => `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`

describe('auth: run time', () => {
  let project: CompiledProject
  beforeAll(async () => {
    const root = makeSite({
      // the example of ACT-auth (with $env/OPS_PASSWORD given as a variable standing in for $env)
      'flows/example.xml': `<flow>
  <auth>
    <user name="ops" pass="{$envPassword}"/>
    <user pass="preview-2024"/>
  </auth>
  <echo>welcome</echo>
</flow>`,
      'flows/order.xml': `<flow>
  <auth>
    <user name="a{svc-log('name a')}" pass="1{svc-log('pass a')}"/>
    <user pass="2{svc-log('pass b')}" name="b{svc-log('name b')}"/>
  </auth>
</flow>`,
      'flows/repeated.xml': `<flow>
  <auth>
    <user name="ann" pass="first"/>
    <user name="ann" pass="second"/>
    <user pass="{$empty}" name="{$who}"/>
  </auth>
  <eval out="$passed">true()</eval>
</flow>`,
    })
    project = await compileProject(root, ['flows/example.xml', 'flows/repeated.xml', 'flows/order.xml'])
  })
  afterAll(() => removeSite(project.root))

  const run = (file: string, authorization?: string) =>
    project.run(file, {
      request: clientRequest({ headers: authorization === undefined ? {} : { Authorization: authorization } }),
      vars: { envPassword: ['s3cr3t'], empty: [''], who: ['bob'] },
    })

  it.each([
    ['ops:s3cr3t (spec example, b3BzOnMzY3IzdA==)', 'Basic b3BzOnMzY3IzdA=='],
    ['the empty name via the second user', basic(':preview-2024')],
    ['the scheme in any case', `bAsIc ${Buffer.from('ops:s3cr3t').toString('base64')}`],
  ])('ACT-auth-2, ACT-auth-3 %s passes', async (_, authorization) => {
    const { completion, ctx } = await run('flows/example.xml', authorization)
    expect(completion).toBe(BREAK)
    expect(ctx.response.body).toEqual(['welcome'])
  })

  it.each([
    ['no header', undefined],
    ['a wrong password', basic('ops:wrong')],
    ['an unknown name', basic('eve:s3cr3t')],
    ['a password of another user', basic('ops:preview-2024')],
    ['another scheme', 'Bearer b3BzOnMzY3IzdA=='],
    ['no colon', basic('ops')],
    ['not base64', 'Basic !!!'],
    ['a longer password', basic('ops:s3cr3t!')],
  ])(
    'ACT-auth-4 %s: 401 with WWW-Authenticate, text/plain "Authentication Required"; no error',
    async (_, authorization) => {
      const { completion, ctx } = await run('flows/example.xml', authorization)
      expect(completion).toBe(BREAK)
      const response = renderFlowResponse(ctx)
      expect([response.status, response.contentType, response.body]).toEqual([
        401,
        'text/plain',
        'Authentication Required',
      ])
      expect(response.headers).toContainEqual(['WWW-Authenticate', 'Basic realm="Restricted"'])
      expect(ctx.vars.has('error')).toBe(false)
    },
  )

  it('ACT-auth-2 only the first user of a name is compared: a later password of the same name never matches', async () => {
    expect((await run('flows/repeated.xml', basic('ann:first'))).completion).toBe(CONTINUE)
    expect((await run('flows/repeated.xml', basic('ann:second'))).ctx.response.status).toBe(401)
  })

  it('ACT-auth-1 a dynamic password that is empty makes the user unmatchable (RW)', async () => {
    const { ctx, messages } = await run('flows/repeated.xml', basic('bob:'))
    expect(ctx.response.status).toBe(401)
    expect(messages).toEqual([
      'warn [auth] flows/repeated.xml:2:3: auth: the password of user "bob" is empty; the user cannot log in',
    ])
  })

  it('ACT-auth-2 the field splits at the first colon; the password may hold colons', () => {
    expect(basicCredentials(basic('a:b:c'))).toEqual({ name: 'a', password: 'b:c' })
    expect(basicCredentials(basic('ünï:cödé'))).toEqual({ name: 'ünï', password: 'cödé' })
    expect(basicCredentials('Basic')).toBeUndefined()
    expect(basicCredentials('Basic YQ')).toBeUndefined()
  })

  it('ACT-COMMON-2 dynamic attributes are evaluated in document order, user by user', async () => {
    const { messages } = await project.run('flows/order.xml', {
      request: clientRequest({ headers: { Authorization: basic('b:2') } }),
    })
    expect(messages).toEqual(['info [flow] name a', 'info [flow] pass a', 'info [flow] pass b', 'info [flow] name b'])
  })
})

describe('auth: compile checks', () => {
  it.each([
    [
      'no user',
      '<flow><auth/></flow>',
      ['flows/f.xml:1:7: error: <auth> needs at least one <user name="..." pass="..."/>'],
    ],
    [
      'other children',
      '<flow><auth><user pass="a"/><group/></auth></flow>',
      ['flows/f.xml:1:29: error: <auth> may only contain <user> elements, not <group>'],
    ],
    [
      'text',
      '<flow><auth> x <user pass="a"/></auth></flow>',
      ['flows/f.xml:1:14: error: text is not allowed directly inside <auth>'],
    ],
    [
      'a user without pass',
      '<flow><auth><user name="a"/></auth></flow>',
      ['flows/f.xml:1:13: error: missing required attribute pass on <user>'],
    ],
    [
      'a static empty pass',
      '<flow><auth><user name="a" pass=""/></auth></flow>',
      ['flows/f.xml:1:28: error: pass of <user> must not be empty'],
    ],
    [
      'an unknown user attribute is a CW',
      '<flow><auth><user pass="a" role="x"/></auth></flow>',
      ['flows/f.xml:1:28: warning: unknown attribute role on <user>'],
    ],
    [
      'a user with content',
      '<flow><auth><user pass="a">x</user></auth></flow>',
      ['flows/f.xml:1:28: error: <user> must be empty; found text'],
    ],
  ])('ACT-auth-1 %s', (_, flow, want) => {
    expect(lowerFlowText(flow).lines).toEqual(want)
  })
})
