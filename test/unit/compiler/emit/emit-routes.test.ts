/**
 * compiler/emit/routes.ts: the generated `src/routes.ts` (definition.md section 5, H1-H3): exact text
 * for a small definition, deterministic and independent of the order of keys, and type-checking
 * against the runtime entry.
 */
import { join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { EmitContext } from '../../../../compiler/emit/context.js'
import { flowModulePath, NameTable, wantedFlowFunctionName } from '../../../../compiler/emit/names.js'
import { emitRoutes } from '../../../../compiler/emit/routes.js'
import { typecheckModules } from '../../../../compiler/emit/typecheck.js'
import type { DefinitionNode } from '../../../../compiler/ir/definition.js'
import { cleanupSites, lines, loadSite } from '../definition/site.js'

afterAll(cleanupSites)

const FLOWS = { 'flows/cart.xml': '<flow/>', 'flows/cart-clear.xml': '<flow/>', 'flows/fallback.xml': '<flow/>' }

const SHOP = lines(
  'swagger: "2.0"',
  'basePath: /shop',
  'paths:',
  '  x-svc-flow: flows/fallback.xml',
  '  /cart:',
  '    x-svc-flow: flows/cart.xml',
  '    delete:',
  '      x-svc-flow: flows/cart-clear.xml',
  '    get:',
  '  /catalog/**:',
  '    x-svc-flow: flows/cart.xml',
  '  /u/{id}:',
  '  "/q\\u2028\\"x":',
)

interface Emitted {
  readonly definition: DefinitionNode
  readonly modules: Map<string, string>
}

function emit(definitionText: string): Emitted {
  const { definition, diagnostics, root } = loadSite({ ...FLOWS, 'definition.yaml': definitionText })
  expect(diagnostics).toEqual([])
  const names = new NameTable()
  const flows = new Map(
    definition!.flowRefs.map((ref) => {
      const file = ref.path.slice(root.length + 1)
      return [
        ref.path,
        { name: names.allocate(wantedFlowFunctionName(file)), modulePath: flowModulePath(file), file },
      ] as const
    }),
  )
  const ctx = new EmitContext({ siteRoot: root, flows }, 'routes.ts')
  const body = emitRoutes(definition!, ctx)
  const modules = new Map([['routes.ts', [...ctx.imports(), ...ctx.constants(), body].map((c) => c.text).join('\n')]])
  for (const symbol of flows.values()) {
    modules.set(
      symbol.modulePath,
      `import { CONTINUE, type Completion } from 'svc-gateway/runtime'\nexport async function ${symbol.name.text}(): Promise<Completion> {\n  return CONTINUE\n}\n`,
    )
  }
  return { definition: definition!, modules }
}

describe('emitRoutes', () => {
  it('writes one sorted route per line with its pattern and position, handlers hoisted with their stages', () => {
    expect(emit(SHOP).modules.get('routes.ts')).toBe(
      [
        `import { createRouteTable, flowHandler, type RouteTable } from 'svc-gateway/runtime'`,
        `import { flowCartClear } from './flows/cart-clear.js'`,
        `import { flowCart } from './flows/cart.js'`,
        `import { flowFallback } from './flows/fallback.js'`,
        `const HANDLER_1 = flowHandler("flows/cart.xml", flowCart, { stages: ["body","mock","handler","response"] })`,
        `const HANDLER_2 = flowHandler("flows/cart-clear.xml", flowCartClear, { stages: ["body","mock","handler","response"] })`,
        `const HANDLER_3 = flowHandler("flows/fallback.xml", flowFallback, { stages: ["body","mock","handler","response"] })`,
        `/** Routes of the definition, matched by runtime/router (definition.md section 5). */`,
        `export const ROUTES: RouteTable = createRouteTable([`,
        `  // /cart (definition.yaml:5:3)`,
        `  { pattern: "/cart", segments: ["cart"], wildcard: false, operations: [["GET", HANDLER_1], ["DELETE", HANDLER_2]], handler: null },`,
        `  // /catalog/** (definition.yaml:10:3)`,
        `  { pattern: "/catalog/**", segments: ["catalog"], wildcard: true, operations: null, handler: HANDLER_1 },`,
        `  // /q "x (definition.yaml:13:3)`,
        `  { pattern: "/q\\u2028\\"x", segments: ["q\\u2028\\"x"], wildcard: false, operations: null, handler: HANDLER_3 },`,
        `  // /u/{id} (definition.yaml:12:3)`,
        `  { pattern: "/u/{id}", segments: ["u", { param: "id" }], wildcard: false, operations: null, handler: HANDLER_3 },`,
        `])`,
        ``,
      ].join('\n'),
    )
  })

  it('is deterministic and independent of the order of paths (style: deterministic output)', () => {
    const reordered = SHOP.replace(/( {2}\/cart:\n(?: {4}.*\n)+)( {2}\/catalog\/\*\*:\n(?: {4}.*\n)+)/, '$2$1')
    expect(reordered).not.toBe(SHOP)
    const a = emit(SHOP)
      .modules.get('routes.ts')!
      .replace(/\(definition\.yaml:\d+:\d+\)/g, '')
    const b = emit(reordered)
      .modules.get('routes.ts')!
      .replace(/\(definition\.yaml:\d+:\d+\)/g, '')
    expect(b).toBe(a)
  })

  it('emits an empty table for a definition without paths', () => {
    const text = emit(lines('swagger: "2.0"', 'paths: {}')).modules.get('routes.ts')!
    expect(text).toContain('export const ROUTES: RouteTable = createRouteTable([])')
  })

  it('type-checks against svc-gateway/runtime', () => {
    const { modules } = emit(SHOP)
    expect(typecheckModules(join('/virtual', 'src'), modules)).toEqual([])
  })
})
