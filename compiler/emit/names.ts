/**
 * Stable identifiers and module paths for generated code. Names derive from site-relative file paths
 * and operation ids so that they survive unrelated edits; clashes get `_2`, `_3` in sorted order.
 */
import { Name } from './code.js'

const RESERVED = new Set(['ctx', 'flow', 'default', 'function', 'class', 'return', 'await', 'async'])

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
    return new Name(name)
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
