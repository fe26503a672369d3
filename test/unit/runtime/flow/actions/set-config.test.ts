/** The `set-config` action (actions.md ACT-set-config-1..3) and the settings later stages read. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { RequestSettings } from '../../../../../runtime/index.js'
import { type CompiledProject, compileProject, lowerFlowText, makeSite, removeSite } from './helpers.js'

describe('set-config: compile checks', () => {
  it.each([
    [
      'ACT-set-config-1 an unsupported element is a CW and ignored',
      '<flow><set-config><svc><cache size="1"/></svc></set-config></flow>',
      ['flows/f.xml:1:24: warning: unsupported setting svc/cache in <set-config>; ignored'],
    ],
    [
      'ACT-set-config-1 an unsupported top-level element is a CW',
      '<flow><set-config><logging/></set-config></flow>',
      ['flows/f.xml:1:19: warning: unsupported setting logging in <set-config>; ignored'],
    ],
    [
      'ACT-set-config-1 an unknown attribute is a CW',
      '<flow><set-config><svc><validation reponse="true"/></svc></set-config></flow>',
      [
        'flows/f.xml:1:36: warning: unknown attribute reponse on <validation> in <set-config>; ignored; did you mean response?',
      ],
    ],
    [
      'F-DOC-6 an invalid value of a supported attribute is a CE',
      '<flow><set-config><svc><validation response="yes"/></svc></set-config></flow>',
      ['flows/f.xml:1:36: error: invalid value "yes" for response of <validation>; expected true, false, report-only'],
    ],
    [
      'F-DOC-6 enable is true or false',
      '<flow><set-config><security><force-backend-https enable="on"/></security></set-config></flow>',
      ['flows/f.xml:1:50: error: invalid value "on" for enable of <force-backend-https>; expected true, false'],
    ],
    [
      'F-DOC-7 text in the tree is a CE',
      '<flow><set-config><svc>x</svc></set-config></flow>',
      ['flows/f.xml:1:24: error: text is not allowed directly inside <svc>'],
    ],
  ])('%s', (_, flow, want) => {
    expect(lowerFlowText(flow).lines).toEqual(want)
  })

  it('ACT-set-config-1 the supported settings, with their attributes as written', () => {
    const { flow, lines } = lowerFlowText(`<flow><set-config>
  <svc><validation response="report-only" request="true"/></svc>
  <security><force-backend-https/></security>
</set-config></flow>`)
    expect(lines).toEqual([])
    expect(flow!.body[0]).toMatchObject({
      kind: 'set-config',
      settings: [
        {
          path: 'svc/validation',
          attributes: [
            ['response', 'report-only'],
            ['request', 'true'],
          ],
        },
        { path: 'security/force-backend-https', attributes: [] },
      ],
    })
  })
})

describe('set-config: run time', () => {
  let project: CompiledProject
  beforeAll(async () => {
    const root = makeSite({
      // the example of ACT-set-config
      'flows/example.xml': `<flow>
  <set-config if="$server/role = 'dev'"><svc><validation response="true"/></svc></set-config>
</flow>`,
      'flows/merge.xml': `<flow>
  <set-config><svc><validation response="true"/></svc><security><force-backend-https/></security></set-config>
  <set-config><svc><validation response="report-only" request="false"/></svc></set-config>
  <set-config><security><force-backend-https enable="false"/></security></set-config>
</flow>`,
    })
    project = await compileProject(root, ['flows/example.xml', 'flows/merge.xml'])
  })
  afterAll(() => removeSite(project.root))

  it('ACT-set-config-3 (spec example) nothing changes unless the action runs', async () => {
    const { ctx } = await project.run('flows/example.xml')
    expect(ctx.settings).toBeNull()
  })

  it('ACT-set-config-2 later values win; enable="false" switches a setting off', async () => {
    const { ctx } = await project.run('flows/merge.xml')
    expect(ctx.settings!.responseValidation).toBe('report-only')
    expect(ctx.settings!.forceBackendHttps).toBe(false)
  })

  const MERGES: [Record<string, string>[], boolean | 'report-only' | undefined][] = [
    [[{ response: 'true' }], true],
    [[{ response: 'false' }], false],
    [[{ response: 'true' }, { enable: 'false' }], undefined],
    [[{ enable: 'false' }, { enable: 'true', response: 'report-only' }], 'report-only'],
    [[{ request: 'true' }], undefined],
  ]
  it.each(MERGES)('ACT-set-config-2 svc/validation merged from %j gives %j', (steps, mode) => {
    const settings = new RequestSettings()
    for (const attributes of steps) settings.merge('svc/validation', attributes)
    expect(settings.responseValidation).toBe(mode)
  })

  it('ACT-set-config-2 an element without enable is enabled', () => {
    const settings = new RequestSettings()
    expect(settings.forceBackendHttps).toBe(false)
    settings.merge('security/force-backend-https', {})
    expect(settings.forceBackendHttps).toBe(true)
  })
})
