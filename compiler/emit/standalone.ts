/**
 * Compiles translated schemas with ajv at build time (validation.md VA31; style: validators are ajv
 * standalone code made with ajv-draft-04): one shared root schema holding the referenced definitions
 * and one entry schema per exported validator. The output is an ES module of plain JavaScript (ajv's
 * standalone code, re-indented by esbuild so that it can be read) plus its TypeScript declarations.
 * Checked formats come from the runtime's SCHEMA_FORMATS (VA27), which the generated code imports.
 * `compileInMemory` builds the same validators without generating code (for tests).
 */
import { createRequire } from 'node:module'

import type standalone from 'ajv/dist/standalone/index.js'
import type AjvDraft04 from 'ajv-draft-04'
import { transformSync } from 'esbuild'

import { SCHEMA_FORMATS } from '../../runtime/validate/formats.js'
import type { SchemaValidator } from '../../runtime/validate/plan.js'
import type { PlainJson } from '../ir/definition.js'
import { addSchemaKeywords, type AjvCodegen } from '../schemas/keywords.js'
import { ROOT_SCHEMA_ID } from '../schemas/registry.js'
import type { SchemaObject } from '../schemas/translate.js'

/** The generated validator module. */
export interface ValidatorModule {
  /** `validators.js`: plain JavaScript, ES module. */
  readonly javascript: string
  /** `validators.d.ts`. */
  readonly declarations: string
}

const FORMATS_NAME = 'SCHEMA_FORMATS'

/** The parts of ajv the compiler uses. */
interface AjvModules {
  readonly Ajv: typeof AjvDraft04.default
  readonly standaloneCode: typeof standalone.default
  readonly codegen: AjvCodegen
}

/**
 * ajv (CommonJS), required when a build first compiles a schema rather than when the compiler loads:
 * most builds have none, and loading ajv takes longer than their whole emit stage. Node caches it.
 */
function loadAjv(): AjvModules {
  const require = createRequire(import.meta.url)
  return {
    Ajv: (require('ajv-draft-04') as typeof AjvDraft04).default,
    standaloneCode: (require('ajv/dist/standalone/index.js') as typeof standalone).default,
    codegen: require('ajv/dist/compile/codegen/index.js') as AjvCodegen,
  }
}

function createAjv({ Ajv, codegen }: AjvModules, source: boolean): InstanceType<typeof AjvDraft04.default> {
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    validateSchema: false,
    messages: false,
    logger: false,
    inlineRefs: true,
    formats: SCHEMA_FORMATS as Record<string, never>,
    code: source ? { source: true, esm: true, formats: new codegen.Name(FORMATS_NAME) } : {},
  })
  addSchemaKeywords(ajv as never, codegen)
  return ajv
}

function addSchemas(
  ajv: InstanceType<typeof AjvDraft04.default>,
  definitions: SchemaObject,
  entries: ReadonlyMap<string, PlainJson>,
): void {
  ajv.addSchema({ id: ROOT_SCHEMA_ID, definitions } as never)
  for (const [name, schema] of entries) ajv.addSchema({ ...(schema as SchemaObject), id: name } as never)
}

/**
 * The module exporting one validator per entry (`name` -> schema). `header` is the module's first
 * comment line.
 */
export function compileValidatorModule(
  header: string,
  definitions: SchemaObject,
  entries: ReadonlyMap<string, PlainJson>,
): ValidatorModule {
  const names = [...entries.keys()]
  if (names.length === 0) return { javascript: `${header}\n\nexport {}\n`, declarations: `${header}\n\nexport {}\n` }
  const modules = loadAjv()
  const ajv = createAjv(modules, true)
  addSchemas(ajv, definitions, entries)
  const exports: Record<string, string> = {}
  for (const name of names) exports[name] = name
  const code = modules.standaloneCode(ajv as never, exports)
  const formatted = transformSync(code, { format: 'esm', target: 'node22', legalComments: 'none' }).code
  const imports = formatted.includes(FORMATS_NAME) ? `import { ${FORMATS_NAME} } from 'svc-gateway/runtime'\n` : ''
  const body = formatted.replace(/^"use strict";\n/, '')
  const declarations = [
    header,
    '',
    `import type { SchemaValidator } from 'svc-gateway/runtime'`,
    '',
    ...names.map((name) => `export declare const ${name}: SchemaValidator`),
    '',
  ].join('\n')
  return { javascript: `${header}\n${imports}\n${body}`, declarations }
}

/** The same validators, compiled in memory (tests of the runtime checks). */
export function compileInMemory(
  definitions: SchemaObject,
  entries: ReadonlyMap<string, PlainJson>,
): Map<string, SchemaValidator> {
  const ajv = createAjv(loadAjv(), false)
  addSchemas(ajv, definitions, entries)
  const out = new Map<string, SchemaValidator>()
  for (const name of entries.keys()) out.set(name, ajv.getSchema(name) as unknown as SchemaValidator)
  return out
}
