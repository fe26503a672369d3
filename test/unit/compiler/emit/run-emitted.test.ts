/**
 * Runs emitted flow modules (real expression stage, real runtime) with a real FlowContext: control
 * flow of flows.md F-CTL-4, F-CTL-6..8, F-EXEC-3, F-EXEC-7 and the effects of the implemented actions.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DiagnosticBag } from '../../../../compiler/diagnostics/diagnostic.js'
import { createSourceFile, locAt } from '../../../../compiler/diagnostics/source.js'
import { identifier } from '../../../../compiler/emit/code.js'
import { EmitContext, type FlowSymbol } from '../../../../compiler/emit/context.js'
import { emitFlowBody } from '../../../../compiler/emit/flow-body.js'
import { loadFlows } from '../../../../compiler/flow/index.js'
import {
  BREAK,
  CONTINUE,
  createLogger,
  EMPTY,
  FlowContext,
  type FlowFunction,
  RaisedError,
} from '../../../../runtime/index.js'
import { reportLines } from '../flow/helpers.js'

const FLOWS: Record<string, string> = {
  'flows/main.xml': `<flow>
  <eval out="$trail">'start'</eval>
  <if test="$score >= 90"><eval out="$grade">'A'</eval></if>
  <elseif test="$score >= 50"><eval out="$grade">'B'</eval></elseif>
  <else><eval out="$grade">'C'</eval></else>
  <sub-flow src="sub.xml"/>
  <eval out="$trail">concat($trail, '>back')</eval>
  <set-status code="{$code}" if="$code"/>
  <echo mime="text/{$kind}" status="{$code + 1}" if="$mode = 'echo'">done {{not a template}}</echo>
  <dump in="$trail"/>
</flow>`,
  'flows/sub.xml': `<flow>
  <eval out="$trail">concat($trail, '>sub')</eval>
  <return if="$mode != 'break'"/>
  <set-status code="202"/>
  <break/>
</flow>`,
  'flows/deep.xml': `<flow>
  <sub-flow src="deep.xml"/>
</flow>`,
}

let root = ''
const functions = new Map<string, FlowFunction>()

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'svc-run-'))
  for (const [path, text] of Object.entries(FLOWS)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  const bag = new DiagnosticBag()
  const definition = createSourceFile(join(root, 'definition.yaml'), '')
  const refs = Object.keys(FLOWS).map((path) => ({
    kind: 'flow-ref' as const,
    loc: locAt(definition, 0),
    path: join(root, path),
  }))
  const flows = loadFlows(refs, root, bag)
  expect(reportLines(bag, root)).toEqual([])
  const names = (path: string) => `flow${path.replace(/^flows\/|\.xml$/g, '').replace(/^./, (c) => c.toUpperCase())}`
  const symbols = new Map<string, FlowSymbol>(
    [...flows.keys()].map((path) => {
      const file = path.slice(root.length + 1)
      return [path, { name: identifier(names(file)), modulePath: file.replace(/\.xml$/, '.ts'), file }]
    }),
  )
  for (const [path, flow] of flows) {
    const symbol = symbols.get(path)!
    const ctx = new EmitContext({ siteRoot: root, flows: symbols }, symbol.modulePath)
    const body = emitFlowBody(flow, ctx)
    ctx.runtime('CONTINUE')
    const text = [
      ...ctx.imports().map(String),
      ...ctx.constants().map(String),
      `export async function ${symbol.name.text}(ctx: any) {`,
      body.text,
      'return CONTINUE',
      '}',
    ].join('\n')
    writeFileSync(join(root, symbol.modulePath), text)
  }
  for (const [path, symbol] of symbols) {
    const module = (await import(join(root, symbol.modulePath))) as Record<string, FlowFunction>
    functions.set(path.slice(root.length + 1), module[symbol.name.text]!)
  }
})

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true })
})

function newContext(vars: Record<string, (string | number)[]>): FlowContext {
  const ctx = new FlowContext(
    { siteRoot: root, logger: createLogger(() => {}), env: EMPTY, server: EMPTY },
    'r1',
    new AbortController().signal,
  )
  for (const [name, value] of Object.entries(vars)) ctx.vars.set(name, value)
  return ctx
}

async function run(file: string, vars: Record<string, (string | number)[]>) {
  const ctx = newContext(vars)
  const completion = await functions.get(file)!(ctx)
  return { completion, ctx, response: ctx.response }
}

describe('running emitted flows', () => {
  it.each([
    [95, 'A'],
    [60, 'B'],
    [3, 'C'],
  ])('F-CTL-4 score %i gives grade %s (first true branch only)', async (score, grade) => {
    const { ctx } = await run('flows/main.xml', { score: [score] })
    expect(ctx.vars.get('grade')).toEqual([grade])
  })

  it('F-CTL-8 return ends only the sub-flow; dump ends the run with BREAK (F-EXEC-3)', async () => {
    const { completion, response } = await run('flows/main.xml', { score: [1], mode: ['dump'] })
    expect(completion).toBe(BREAK)
    expect(response).toMatchObject({
      status: 200,
      body: ['start>sub>back'],
      explicitMime: undefined,
      defaultMime: undefined,
    })
  })

  it('F-CTL-7 break in a sub-flow ends the caller too', async () => {
    const { completion, ctx, response } = await run('flows/main.xml', { score: [1], mode: ['break'] })
    expect(completion).toBe(BREAK)
    expect(ctx.vars.get('trail')).toEqual(['start>sub'])
    expect(response.status).toBe(202)
    expect(response.body).toBeUndefined()
  })

  it('F-CTL-6 and F-EXPR-4: if attributes, dyn attributes, echo text verbatim', async () => {
    const { completion, response } = await run('flows/main.xml', {
      score: [1],
      mode: ['echo'],
      code: [404],
      kind: ['csv'],
    })
    expect(completion).toBe(BREAK)
    expect(response).toMatchObject({
      status: 405,
      body: ['done {{not a template}}'],
      explicitMime: 'text/csv',
      defaultMime: 'text/plain',
    })
  })

  it('F-EXEC-7 unbounded recursion is an RF at the sub-flow action', async () => {
    const error = await run('flows/deep.xml', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RaisedError)
    expect((error as RaisedError).errorObject.get('info')).toEqual([
      'flows/deep.xml:2:3: sub-flow: sub-flow nesting too deep',
    ])
  })

  it('a flow that runs to its end returns CONTINUE', async () => {
    expect(CONTINUE).not.toBe(BREAK)
    const { completion } = await run('flows/sub.xml', { mode: ['x'] })
    expect(completion).toBe(CONTINUE)
  })
})
