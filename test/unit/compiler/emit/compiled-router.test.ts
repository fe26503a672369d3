/**
 * The shared router cases (definition.md P1-P17, R3, R8) against route tables compiled from a
 * definition: each scenario becomes a site (definition.yaml + flow files), goes through
 * loadDefinition and emitRoutes, and the generated `routes.ts` is imported and matched against.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { loadDefinition } from '../../../../compiler/definition/index.js'
import { DiagnosticBag } from '../../../../compiler/diagnostics/index.js'
import { EmitContext } from '../../../../compiler/emit/context.js'
import { NameTable } from '../../../../compiler/emit/names.js'
import { emitRoutes } from '../../../../compiler/emit/routes.js'
import type { RouteTable } from '../../../../runtime/router/index.js'
import { routesOf } from '../../../../runtime/router/index.js'
import { expectCase } from '../../runtime/router/check-router.js'
import { type RouterScenario, SCENARIOS } from '../../runtime/router/router-cases.js'

let work: string

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'svc-router-'))
})
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** The definition of a scenario: every path bound to flows/h.xml, operations as listed. */
function definitionText(scenario: RouterScenario): string {
  const lines = ['swagger: "2.0"', `basePath: ${JSON.stringify(scenario.basePath)}`, 'paths:']
  for (const pattern of scenario.patterns) {
    lines.push(`  ${JSON.stringify(pattern)}:`, '    x-svc-flow: flows/h.xml')
    for (const method of scenario.operations?.[pattern] ?? []) lines.push(`    ${method}:`)
  }
  return lines.join('\n') + '\n'
}

/** Compiles a scenario into `<dir>/src/routes.ts` and imports its ROUTES. */
async function compileScenario(scenario: RouterScenario, index: number): Promise<RouteTable> {
  const site = join(work, `site-${index}`)
  mkdirSync(join(site, 'flows'), { recursive: true })
  mkdirSync(join(site, 'src', 'flows'), { recursive: true })
  writeFileSync(join(site, 'definition.yaml'), definitionText(scenario))
  writeFileSync(join(site, 'flows', 'h.xml'), '<flow/>\n')
  const bag = new DiagnosticBag()
  const definition = loadDefinition(join(site, 'definition.yaml'), bag)
  expect(bag.sorted().map((d) => d.message)).toEqual([])
  const flowPath = join(site, 'flows', 'h.xml')
  const name = new NameTable().allocate('flowH')
  const ctx = new EmitContext(
    { siteRoot: site, flows: new Map([[flowPath, { name, modulePath: 'flows/h.ts', file: 'flows/h.xml' }]]) },
    'routes.ts',
  )
  const body = emitRoutes(definition!, ctx)
  const text = [...ctx.imports(), ...ctx.constants(), body].map((c) => c.text).join('\n')
  writeFileSync(join(site, 'src', 'routes.ts'), text)
  writeFileSync(join(site, 'src', 'flows', 'h.ts'), 'export async function flowH(): Promise<0> {\n  return 0\n}\n')
  const module = (await import(pathToFileURL(join(site, 'src', 'routes.ts')).href)) as { ROUTES: RouteTable }
  return module.ROUTES
}

describe('router cases against compiled tables', () => {
  SCENARIOS.forEach((scenario, index) => {
    describe(scenario.name, () => {
      let table: RouteTable
      beforeAll(async () => {
        table = await compileScenario(scenario, index)
      })
      it.each(scenario.cases.map((c) => [`${c.rule}: ${c.path}`, c] as const))('%s', (_, c) =>
        expectCase(table, scenario.basePath, c),
      )
      it('binds every route to its flow handler (H1) with its operations (MA2)', () => {
        const routes = routesOf(table)
        expect(routes.map((r) => r.pattern)).toEqual([...scenario.patterns].sort())
        for (const route of routes) {
          const methods = (scenario.operations?.[route.pattern] ?? []).map((m) => m.toUpperCase())
          const handlers = route.operations === null ? [route.handler] : [...route.operations.values()]
          expect(route.operations === null ? [] : [...route.operations.keys()].sort()).toEqual([...methods].sort())
          for (const handler of handlers) expect(handler).toMatchObject({ kind: 'flow', file: 'flows/h.xml' })
        }
      })
    })
  })
})
