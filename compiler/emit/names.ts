/**
 * Stable identifiers and module paths for generated code. Names derive from site-relative file paths
 * and operation ids so that they survive unrelated edits; clashes get `_2`, `_3` in sorted order.
 */
import { identifier, type Name } from './code.js'

/**
 * Runtime exports that look like generated flow functions (`flows/handler.xml` would be `flowHandler`)
 * or test functions (`tests/request.xml` would be `testRequest`, the `test-request` action's helper):
 * a module importing one of them must not also declare it. A unit test keeps these lists complete.
 */
export const RUNTIME_FLOW_LIKE_EXPORTS = ['flowErrorObject', 'flowExecutionError', 'flowHandler'] as const
export const RUNTIME_TEST_LIKE_EXPORTS = ['testRequest'] as const

const RESERVED = new Set<string>([
  'ctx',
  'flow',
  'default',
  'function',
  'class',
  'return',
  'await',
  'async',
  ...RUNTIME_FLOW_LIKE_EXPORTS,
  ...RUNTIME_TEST_LIKE_EXPORTS,
])

/** `get-user` -> `GetUser`, `v2/orders` -> `V2Orders`; '' for text without letters or digits. */
export function pascalCase(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')
}

/** Assigns unique names from wanted names; call `allocate` in a deterministic order. */
export class NameTable {
  readonly #used = new Set<string>(RESERVED)

  allocate(wanted: string): Name {
    const base = /^[A-Za-z_$]/.test(wanted) ? wanted : `_${wanted}`
    let name = base
    for (let n = 2; this.#used.has(name); n++) name = `${base}_${n}`
    this.#used.add(name)
    return identifier(name)
  }
}

/** Function name for a flow file: `flows/get-user.xml` -> `flowGetUser`. */
export function wantedFlowFunctionName(siteRelativePath: string): string {
  const withoutExt = siteRelativePath.replace(/\.xml$/i, '').replace(/^flows\//, '')
  return `flow${pascalCase(withoutExt) || 'Main'}`
}

/** Module path of a flow's generated module, relative to `src/`: `flows/get-user.xml` -> `flows/get-user.ts`. */
export function flowModulePath(siteRelativePath: string): string {
  const cleaned = siteRelativePath
    .replace(/\.xml$/i, '')
    .split('/')
    .map((part) => part.replace(/[^A-Za-z0-9_-]+/g, '_') || '_')
    .join('/')
  return `flows/${cleaned.replace(/^flows\//, '')}.ts`
}

/**
 * Function name for a svc-test document: `tests/cart-get.xml` -> `testCartGet`. No runtime export
 * starts with lower-case `test`, so these never clash with a runtime import.
 */
export function wantedTestFunctionName(siteRelativePath: string): string {
  const withoutExt = siteRelativePath
    .replace(/\.xml$/i, '')
    .replace(/^(\.\.\/)+/, '')
    .replace(/^tests?\//, '')
  return `test${pascalCase(withoutExt) || 'Main'}`
}

/** Module path of a svc-test document's module: `tests/cart-get.xml` -> `tests/cart-get.ts`. */
export function testModulePath(siteRelativePath: string): string {
  return `tests/${flowModulePath(siteRelativePath.replace(/^(\.\.\/)+/, '').replace(/^tests?\//, '')).slice('flows/'.length)}`
}
