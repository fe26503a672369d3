/** Helpers shared by the checks of extension objects (definition.md CC9): unknown properties, variable names. */
import { suggest } from '../diagnostics/did-you-mean.js'
import type { Loc } from '../diagnostics/source.js'
import type { LoadContext } from './context.js'
import { type DocNode, quote } from './doc-node.js'

/** `$` + letter or `_`, then letters, digits, `_`, `-` (J11, BA1). */
export const VARIABLE_NAME = /^\$[A-Za-z_][A-Za-z0-9_-]*$/

export function unknownProperty(
  ctx: LoadContext,
  extension: string,
  key: string,
  loc: Loc,
  known: readonly string[],
): void {
  const hint = suggest(key, known, quote)
  ctx.error(
    'definition/invalid-extension-value',
    loc,
    `unknown property "${key}" in ${extension}${hint.suffix}`,
    hint.names,
  )
}

export function checkVariable(value: DocNode, name: string, example: string, ctx: LoadContext): void {
  if (value.kind !== 'scalar' || typeof value.value !== 'string' || !VARIABLE_NAME.test(value.value)) {
    ctx.error('security/invalid-variable', value.loc, `${name} must be a variable name such as ${example}`)
  }
}
