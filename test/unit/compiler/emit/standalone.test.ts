/**
 * Build-time compilation of validators (validation.md VA31; style: ajv standalone code bundled with
 * the generated code): the generated module's shape, its declarations, determinism, the upstream
 * definition module type-checking against the runtime, and a bundle that contains no schema compiler.
 */
import { readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { EmitContext } from '../../../../compiler/emit/context.js'
import { buildPlanData } from '../../../../compiler/emit/plan-data.js'
import { compileValidatorModule } from '../../../../compiler/emit/standalone.js'
import { typecheckModules } from '../../../../compiler/emit/typecheck.js'
import { emitUpstreamDefinition, emitValidatorModules } from '../../../../compiler/emit/validators.js'
import { compile } from '../../../../compiler/index.js'
import type { PlainJson } from '../../../../compiler/ir/definition.js'
import { temporaryDir } from '../../../helpers/gateway-process.js'
import { cleanupSites, lines, loadDefinitionFiles } from '../../runtime/validate/helpers.js'

afterAll(cleanupSites)

describe('validator module', () => {
  const entries = new Map<string, PlainJson>([
    ['whenField', { type: 'string', format: 'date-time', maxLength: 40 }],
    ['listBody', { type: 'array', items: { $ref: 'svc-definitions#/definitions/Item' }, uniqueItems: true }],
  ])
  const definitions = { Item: { type: 'object', required: ['id'] } }

  it('VA27, VA31: plain JavaScript importing the runtime formats; no ajv-formats at run time', () => {
    const module = compileValidatorModule('// header', definitions, entries)
    expect(module.javascript.startsWith("// header\nimport { SCHEMA_FORMATS } from 'svc-gateway/runtime'\n")).toBe(true)
    expect(module.javascript).toContain('SCHEMA_FORMATS["date-time"]')
    expect(module.javascript).not.toContain('ajv-formats')
    expect(module.javascript).toMatch(/export \{[^}]*whenField[^}]*\}|export const whenField/)
    expect(module.declarations).toBe(
      lines(
        '// header',
        '',
        "import type { SchemaValidator } from 'svc-gateway/runtime'",
        '',
        'export declare const whenField: SchemaValidator',
        'export declare const listBody: SchemaValidator',
      ),
    )
  })

  it('the same schemas give byte-identical modules', () => {
    expect(compileValidatorModule('// h', definitions, entries)).toEqual(
      compileValidatorModule('// h', definitions, entries),
    )
  })
})

describe('upstream definition module (VA39)', () => {
  it('emits an UpstreamDefinition whose module and validators type-check against the runtime', () => {
    const definition = loadDefinitionFiles({
      'definition.yaml': lines(
        'swagger: "2.0"',
        'basePath: /v1',
        'securityDefinitions:',
        '  Key: { type: apiKey, in: header, name: X-Key }',
        'security: [{ Key: [] }]',
        'paths:',
        '  /stock/{sku}:',
        '    get:',
        '      parameters: [{ name: sku, in: path, required: true, type: string, pattern: "^[A-Z]+$" }]',
        '      responses:',
        '        "200": { description: ok, schema: { type: object } }',
      ),
    })
    const data = buildPlanData(definition, { credentials: true })
    const names = { module: 'upstream/stock.ts', constant: 'STOCK_API', validators: 'upstream/stock-validators' }
    const ctx = new EmitContext({ siteRoot: definition.siteRoot, flows: new Map() }, names.module)
    const body = emitUpstreamDefinition(definition, data, ctx, names)
    const text = [...ctx.imports().map((c) => c.text), '', body.text].join('\n')
    expect(text).toContain('export const STOCK_API: UpstreamDefinition = {')
    expect(text).toContain('credentials: [[{"scheme":"Key","kind":"header","name":"X-Key"}]],')
    expect(text).toContain("import * as SCHEMAS from './stock-validators.js'")
    const modules = new Map([[names.module, text], ...emitValidatorModules(definition, data, names)])
    expect([...modules.keys()]).toEqual([
      'upstream/stock.ts',
      'upstream/stock-validators.js',
      'upstream/stock-validators.d.ts',
    ])
    expect(typecheckModules(join(tmpdir(), 'svc-upstream-src'), modules)).toEqual([])
  })
})

describe('bundle', () => {
  const outDir = temporaryDir()
  afterAll(() => rmSync(outDir, { recursive: true, force: true }))

  it('VA31: the bundle holds the generated validators and no schema compiler', async () => {
    const definition = new URL('../../../golden/40-validation/project/definition.yaml', import.meta.url).pathname
    const result = await compile(definition, { outDir })
    expect(result.ok).toBe(true)
    const bundle = readFileSync(join(outDir, 'server.mjs'), 'utf8')
    expect(bundle).toContain('PetSchema')
    expect(bundle).not.toMatch(/compileSchema|addMetaSchema|standaloneCode/)
  })
})
