/**
 * `x-svc-validate` values (validation.md VA1, VA2; definition.md CC9): `true`, `false`,
 * `"report-only"`, or an object with `request` and/or `response` taking those values.
 */
import { suggest } from '../diagnostics/did-you-mean.js'
import type { ValidateSettingNode, ValidationMode } from '../ir/definition.js'
import type { LoadContext } from './context.js'
import type { DocNode } from './doc-node.js'
import { quote } from './doc-node.js'

const KEYS = ['request', 'response'] as const

function modeOf(node: DocNode): ValidationMode | undefined {
  if (node.kind !== 'scalar') return undefined
  if (node.value === true || node.value === false || node.value === 'report-only') return node.value
  return undefined
}

/** The setting, or null when it is invalid (reported). */
export function loadValidateSetting(node: DocNode, ctx: LoadContext): ValidateSettingNode | null {
  if (node.kind !== 'map') {
    const mode = modeOf(node)
    if (mode === undefined) {
      ctx.error(
        'definition/invalid-extension-value',
        node.loc,
        'x-svc-validate must be true, false, "report-only" or an object with request and response',
      )
      return null
    }
    return { kind: 'validate', loc: node.loc, request: mode, response: mode }
  }
  const setting = { request: null as ValidationMode | null, response: null as ValidationMode | null }
  let valid = true
  for (const entry of node.entries) {
    if (entry.key === 'request' || entry.key === 'response') {
      const mode = modeOf(entry.value)
      if (mode === undefined) {
        ctx.error(
          'definition/invalid-extension-value',
          entry.value.loc,
          `x-svc-validate.${entry.key} must be true, false or "report-only"`,
        )
        valid = false
      } else setting[entry.key] = mode
      continue
    }
    const hint = suggest(entry.key, KEYS, quote)
    ctx.error(
      'definition/invalid-extension-value',
      entry.keyLoc,
      `unknown property "${entry.key}" in x-svc-validate${hint.suffix}`,
      hint.names,
    )
    valid = false
  }
  return valid ? { kind: 'validate', loc: node.loc, ...setting } : null
}
