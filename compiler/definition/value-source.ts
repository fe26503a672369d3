/**
 * Value sources of the security extensions (security.md J4, J16; definition.md CC16, CC18): a plain
 * scalar, or an object with exactly one of `value`, `env`, `file` (and `jwks-url` for a JWT key).
 * A `file` must exist inside the site root at compile time; its content checks come with the
 * security issue.
 */
import { dirname, resolve } from 'node:path'

import type { LoadContext } from './context.js'
import type { DocNode } from './doc-node.js'

export type ValueSource =
  | { readonly kind: 'literal'; readonly value: string | number | boolean }
  | { readonly kind: 'env'; readonly name: string }
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'jwks-url'; readonly url: ValueSource }

export interface ValueSourceOptions {
  /** Allow `{jwks-url: ...}` (the `key` of x-svc-jwt, J16). */
  readonly jwks?: boolean
  /** Allow numbers and booleans as literals (claims, J9). */
  readonly anyScalar?: boolean
}

/** Checks a value source written as the value of `name`; null when invalid (reported). */
export function loadValueSource(
  node: DocNode,
  name: string,
  ctx: LoadContext,
  options: ValueSourceOptions = {},
): ValueSource | null {
  const kinds = options.jwks ? 'value, env, file or jwks-url' : 'value, env or file'
  if (node.kind === 'scalar') {
    if (
      typeof node.value === 'string' ||
      (options.anyScalar && (typeof node.value === 'number' || typeof node.value === 'boolean'))
    ) {
      return { kind: 'literal', value: node.value }
    }
    ctx.error(
      'security/invalid-value-source',
      node.loc,
      `${name} must be ${options.anyScalar ? 'a string, number, boolean' : 'a string'} or an object with one of ${kinds}`,
    )
    return null
  }
  if (node.kind !== 'map' || node.entries.length !== 1) {
    ctx.error('security/invalid-value-source', node.loc, `${name} must have exactly one of ${kinds}`)
    return null
  }
  const entry = node.entries[0]!
  const value = entry.value
  if (entry.key === 'jwks-url' && options.jwks) {
    const url = loadValueSource(value, `${name}.jwks-url`, ctx)
    if (url === null) return null
    if (url.kind === 'literal' && !/^https?:\/\/[^/?#\s]+/i.test(String(url.value))) {
      ctx.error('security/invalid-value-source', value.loc, `${name}.jwks-url must be an absolute http or https URL`)
      return null
    }
    return { kind: 'jwks-url', url }
  }
  if (entry.key !== 'value' && entry.key !== 'env' && entry.key !== 'file') {
    ctx.error(
      'security/invalid-value-source',
      entry.keyLoc,
      `unknown value source "${entry.key}" in ${name}; expected one of ${kinds}`,
    )
    return null
  }
  if (value.kind !== 'scalar' || typeof value.value !== 'string' || value.value === '') {
    ctx.error('security/invalid-value-source', value.loc, `${name}.${entry.key} must be a non-empty string`)
    return null
  }
  if (entry.key === 'value') return { kind: 'literal', value: value.value }
  if (entry.key === 'env') return { kind: 'env', name: value.value }
  const path = resolve(dirname(value.loc.file.path), value.value)
  if (ctx.checkFile(path, value.loc, 'file') !== 'ok') return null
  return { kind: 'file', path }
}
