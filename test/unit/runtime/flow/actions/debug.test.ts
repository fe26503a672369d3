/** The `debug` action (actions.md ACT-debug-1..4; operations.md DB1, DB2; flows.md F-DBG-2). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  attachDebugSession,
  Content,
  createDebugSettings,
  createLogger,
  type DebugConfig,
  DebugSession,
  parseDebugConfig,
  RaisedError,
} from '../../../../../runtime/index.js'
import {
  type CompiledProject,
  compileProject,
  lowerFlowText,
  makeSite,
  removeSite,
  type RunOptions,
} from './helpers.js'

describe('debug: compile checks', () => {
  it.each([
    [
      'exactly one of xpath and in (none)',
      '<flow><debug/></flow>',
      ['flows/f.xml:1:7: error: <debug> needs exactly one of xpath and in'],
    ],
    [
      'exactly one of xpath and in (both)',
      '<flow><debug xpath="1" in="$a"/></flow>',
      ['flows/f.xml:1:7: error: <debug> needs exactly one of xpath and in'],
    ],
    [
      'an unknown level',
      '<flow><debug level="loud" xpath="1"/></flow>',
      [
        'flows/f.xml:1:14: error: invalid level "loud" of <debug>; expected verbose, debug, info, warn, warning, error, alert',
      ],
    ],
    [
      'an empty expression',
      '<flow><debug xpath=" "/></flow>',
      ['flows/f.xml:1:14: error: empty expression in xpath attribute of <debug>'],
    ],
  ])('ACT-debug-1 %s is a CE', (_, flow, want) => {
    expect(lowerFlowText(flow).lines).toEqual(want)
  })

  it('ACT-debug-1 warn and warning are the same level; channel defaults to user', () => {
    const { flow, lines } = lowerFlowText('<flow><debug level="warning" xpath="1"/></flow>')
    expect(lines).toEqual([])
    expect(flow!.body[0]).toMatchObject({ kind: 'debug', level: 'warn', channel: 'user' })
  })
})

describe('debug: run time', () => {
  let project: CompiledProject
  beforeAll(async () => {
    const root = makeSite({
      // the example of ACT-debug
      'flows/example.xml': '<flow><debug level="info" channel="cart" xpath="count($cart/json/items/value)"/></flow>',
      'flows/values.xml': `<flow>
  <debug channel="values" xpath="'text'"/>
  <debug channel="values" xpath="2.50"/>
  <debug channel="values" xpath="1 = 1"/>
  <debug channel="values" xpath="json-parse('{&quot;a&quot;:[1]}')/a"/>
  <debug channel="values" xpath="xml-parse('&lt;r id=&quot;7&quot;/>')/r/@id"/>
  <debug channel="values" in="svc://request/content/page"/>
  <debug channel="values" in="$missing"/>
</flow>`,
      'flows/lazy.xml':
        '<flow><debug level="verbose" channel="lazy" xpath="error()"/><debug channel="lazy" in="{$where}"/></flow>',
    })
    project = await compileProject(root, ['flows/example.xml', 'flows/values.xml', 'flows/lazy.xml'])
  })
  afterAll(() => removeSite(project.root))

  /** Runs a flow under a debug configuration; returns the written `svc_debug` lines as `level [topic] message`. */
  async function debugged(file: string, configuration: string, options: RunOptions = {}): Promise<string[]> {
    const lines: string[] = []
    const logger = createLogger((line) => lines.push(line))
    const settings = createDebugSettings({}, logger)
    const session = new DebugSession(settings, parseDebugConfig(configuration) as DebugConfig, 'r1')
    const run = await project.run(file, { ...options, prepare: (ctx) => attachDebugSession(ctx, session) })
    void run
    return lines
      .map((line) => JSON.parse(line) as { type: string; level: string; topic: string; message: string })
      .filter((line) => line.type === 'svc_debug')
      .map((line) => `${line.level} [${line.topic}] ${line.message}`)
  }

  it('ACT-debug-2 (spec example) count(...) writes 3 under topic cart when debugging cart:info', async () => {
    const cart = Content.fromText('{"items":[1,2,3]}', 'application/json')
    expect(await debugged('flows/example.xml', 'cart:info', { vars: { cart: [cart] } })).toEqual(['info [cart] 3'])
  })

  it.each([
    ['*:info', true],
    ['debug:info', true],
    ['cart:debug', true],
    ['cart:warn', false],
    ['other:verbose', false],
  ])('ACT-debug-2 under %s the message is written: %s', async (configuration, written) => {
    const cart = Content.fromText('{"items":[1,2,3]}', 'application/json')
    expect(await debugged('flows/example.xml', configuration, { vars: { cart: [cart] } })).toHaveLength(written ? 1 : 0)
  })

  it('ACT-debug-3 strings as they are, numbers and booleans as XPath strings, nodes as XML, content as text; missing input is empty', async () => {
    const page = Content.fromText('<p>hé</p>', 'text/html; charset=utf-8')
    expect(await debugged('flows/values.xml', 'values', { upstream: { page } })).toEqual([
      'debug [values] text',
      'debug [values] 2.5',
      'debug [values] true',
      'debug [values] <a array=""><value number="">1</value></a>',
      'debug [values] id="7"',
      'debug [values] <p>hé</p>',
      'debug [values] ',
    ])
  })

  it('ACT-debug-2 an unselected subject is not evaluated: error() does not fail', async () => {
    expect(await debugged('flows/lazy.xml', 'other', { vars: { where: ['$x/y'] } })).toEqual([])
  })

  it('ACT-debug-4 a failing expression or an invalid dynamic location is an RF when selected', async () => {
    const failing = await debugged('flows/lazy.xml', 'lazy:verbose').catch((e: unknown) => e)
    expect(failing).toBeInstanceOf(RaisedError)
    const invalid = await debugged('flows/lazy.xml', 'lazy:debug', { vars: { where: ['$x/y'] } }).catch(
      (e: unknown) => e,
    )
    expect((invalid as RaisedError).errorObject.get('info')).toEqual([
      'flows/lazy.xml:1:62: debug: invalid location "$x/y": invalid variable name $x/y',
    ])
  })
})
