/**
 * `security` requirements at the top level, in a path item and in an operation (security.md A2,
 * A9, A10; definition.md CC16, CC20): a list of alternatives, each naming defined schemes with
 * scope lists; no scopes on a basic scheme; a warning for schemes that are documentation only.
 */
import type { SecurityRequirementNode, SecuritySchemeUseNode } from '../ir/definition.js'
import type { LoadContext } from './context.js'
import type { DocNode } from './doc-node.js'
import type { SchemeSummary } from './security-scheme.js'

export function loadSecurityRequirement(
  node: DocNode,
  schemes: ReadonlyMap<string, SchemeSummary>,
  ctx: LoadContext,
): SecurityRequirementNode | null {
  if (node.kind !== 'seq') {
    ctx.error('security/invalid-requirement', node.loc, 'security must be a list of requirement objects')
    return null
  }
  const alternatives: SecuritySchemeUseNode[][] = []
  let valid = true
  for (const item of node.items) {
    if (item.kind !== 'map') {
      ctx.error('security/invalid-requirement', item.loc, 'a security requirement must be an object')
      valid = false
      continue
    }
    const uses: SecuritySchemeUseNode[] = []
    for (const entry of item.entries) {
      const scheme = schemes.get(entry.key)
      if (scheme === undefined) {
        ctx.error(
          'security/undefined-scheme',
          entry.keyLoc,
          `security requirement references undefined scheme ${JSON.stringify(entry.key)}`,
        )
        valid = false
        continue
      }
      const value = entry.value
      const scopes =
        value.kind === 'seq'
          ? value.items.map((s) => (s.kind === 'scalar' && typeof s.value === 'string' ? s.value : null))
          : null
      if (scopes === null || scopes.includes(null)) {
        ctx.error(
          'security/invalid-requirement',
          value.loc,
          `scopes of ${JSON.stringify(entry.key)} must be a list of strings`,
        )
        valid = false
        continue
      }
      if (scheme.type === 'basic' && scopes.length > 0) {
        ctx.error(
          'security/basic-scopes',
          value.loc,
          `scopes are not allowed for basic scheme ${JSON.stringify(entry.key)}`,
        )
        valid = false
      }
      if (scheme.type !== null && !scheme.enforced) {
        ctx.warning(
          'security/not-enforced',
          entry.keyLoc,
          `security scheme ${JSON.stringify(entry.key)} has no x-svc-jwt or x-svc-basicauth: it is documentation only and always passes`,
        )
      }
      uses.push({ loc: entry.keyLoc, name: entry.key, scopes: scopes as string[] })
    }
    alternatives.push(uses)
  }
  return valid ? { kind: 'security', loc: node.loc, alternatives } : null
}
