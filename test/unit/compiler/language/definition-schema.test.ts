/**
 * The generated JSON Schema of the definition against real definitions: every definition under
 * examples/ and test/fixtures/ that loads without errors is valid (ajv, draft-07, the dialect editors
 * read), and definitions with a misplaced or unknown x-svc key or a wrong extension value are not.
 * The schema also rejects what the loader ignores with a warning (an unknown key, an unquoted 2.0),
 * so definitions with such warnings are left out.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'

import { toPlain } from '../../../../compiler/definition/doc-node.js'
import { loadDefinition } from '../../../../compiler/definition/index.js'
import { readJson } from '../../../../compiler/definition/json-reader.js'
import { readYaml } from '../../../../compiler/definition/yaml-reader.js'
import { DiagnosticBag } from '../../../../compiler/diagnostics/index.js'
import { createSourceFile } from '../../../../compiler/diagnostics/source.js'
import { definitionSchema, definitionSchemaObject } from '../../../../compiler/language/definition-schema.js'

const REPO = fileURLToPath(new URL('../../../../', import.meta.url))
/** Warnings for what the schema rejects on purpose (docs/decisions.md). */
const REJECTED_WARNINGS = new Set([
  'definition/unknown-key',
  'definition/unknown-operation-key',
  'definition/numeric-swagger-version',
])

function definitionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /^definition\.(ya?ml|json)$/.test(entry.name) && !entry.parentPath.includes('/dist'),
    )
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

/** The document as the loader reads it (YAML 1.2 core schema, merge keys), as plain JSON. */
function plain(path: string, text: string): unknown {
  const file = createSourceFile(path, text)
  const node = path.endsWith('.json') ? readJson(file, new DiagnosticBag()) : readYaml(file, new DiagnosticBag())
  return node === undefined ? undefined : toPlain(node)
}

function validator() {
  // strict mode would reject `required` in oneOf branches, which draft-07 allows and editors read
  const ajv = new Ajv({ strict: false, allErrors: true })
  return ajv.compile(definitionSchemaObject())
}

describe('definition schema', () => {
  it('is valid against the draft-07 meta-schema and prints as its JSON text', () => {
    const ajv = new Ajv()
    expect(ajv.validateSchema(definitionSchemaObject()), JSON.stringify(ajv.errors)).toBe(true)
    expect(validator()).toBeTypeOf('function')
    expect(JSON.parse(definitionSchema())).toEqual(definitionSchemaObject())
  })

  it('accepts every definition of examples/ and test/fixtures/ that loads without errors', () => {
    const validate = validator()
    const problems: Record<string, unknown> = {}
    let checked = 0
    for (const path of [...definitionFiles(join(REPO, 'examples')), ...definitionFiles(join(REPO, 'test/fixtures'))]) {
      const bag = new DiagnosticBag()
      loadDefinition(path, bag)
      if (bag.hasErrors || bag.sorted().some((d) => REJECTED_WARNINGS.has(d.code))) continue
      checked++
      if (!validate(plain(path, readFileSync(path, 'utf8')))) problems[relative(REPO, path)] = validate.errors
    }
    expect(checked).toBeGreaterThan(40)
    expect(problems).toEqual({})
  })

  const BROKEN: Record<string, string> = {
    'x-svc-cors in an operation':
      'swagger: "2.0"\npaths:\n  /a:\n    get:\n      x-svc-cors: { allowed-origins: "*" }\n',
    'x-svc-proxy at the top level': 'swagger: "2.0"\nx-svc-proxy: { url: "http://a.test" }\npaths: {}\n',
    'unknown x-svc key': 'swagger: "2.0"\npaths:\n  /a:\n    x-svc-flwo: a.xml\n',
    'x-svc-jwt in a basic scheme':
      'swagger: "2.0"\npaths: {}\nsecurityDefinitions:\n  b:\n    type: basic\n    x-svc-jwt: { key: k }\n',
    'x-svc-basicauth in an apiKey scheme':
      'swagger: "2.0"\npaths: {}\nsecurityDefinitions:\n  k:\n    type: apiKey\n    in: header\n    name: X-Key\n    x-svc-basicauth: { credentials: "a:b" }\n',
    'bad x-svc-validate value': 'swagger: "2.0"\nx-svc-validate: { request: yes-please }\npaths: {}\n',
    'unknown x-svc-cors property': 'swagger: "2.0"\nx-svc-cors: { allowed-origins: "*", max_age: 5 }\npaths: {}\n',
    'x-svc-proxy with origin and url':
      'swagger: "2.0"\npaths:\n  x-svc-proxy: { origin: "http://a.test", url: "http://b.test" }\n',
    'no paths': 'swagger: "2.0"\n',
    'unknown method': 'swagger: "2.0"\npaths:\n  /a:\n    trace: {}\n',
  }

  for (const [name, text] of Object.entries(BROKEN)) {
    it(`rejects: ${name}`, () => {
      const validate = validator()
      expect(validate(plain('definition.yaml', text))).toBe(false)
    })
  }

  it('allows foreign x- keys and x-svc keys inside schemas (D21, D22)', () => {
    const validate = validator()
    const text =
      'swagger: "2.0"\nx-acme: 1\npaths:\n  /a:\n    x-svc-flow: a.xml\n    x-other: {}\n    post:\n      parameters:\n        - { name: b, in: body, schema: { type: object, x-svc-note: 1 } }\n'
    expect(validate(plain('definition.yaml', text)), JSON.stringify(validate.errors)).toBe(true)
  })
})
