/**
 * Structure of `x-svc-jwt` (security.md J1, J4, J5, J9, J11-J14, J16; definition.md CC2, CC9,
 * CC16): a required `key`, value sources, literal `alg` names, `out-var`/`out-header` names,
 * claims, the post-check flow. Key material itself (J5a, J6) is checked with the security issue.
 */
import type { FlowRef } from '../ir/definition.js'
import type { LoadContext } from './context.js'
import { HEADER_TOKEN } from './cors.js'
import { type DocNode, entryOf, missingKeyLoc } from './doc-node.js'
import { checkVariable, unknownProperty } from './extension-properties.js'
import { resolveFlowRef } from './flow-ref.js'
import { loadValueSource } from './value-source.js'

/** Accepted `alg` values (J5). */
export const JWT_ALGORITHMS = [
  'HS256',
  'HS384',
  'HS512',
  'RS256',
  'RS384',
  'RS512',
  'ES256',
  'ES384',
  'ES512',
  'PS256',
  'PS384',
  'PS512',
  'EdDSA',
  'HS',
  'RS',
  'ES',
  'PS',
]
const JWT_PROPERTIES = ['key', 'alg', 'out-var', 'out-header', 'claims', 'scope-claim', 'post-check-flow']

/** J1, J5, J9, J11-J14 shapes; returns the post-check flow. */
export function checkJwt(node: DocNode, ctx: LoadContext): FlowRef | null {
  if (node.kind !== 'map') {
    ctx.error('definition/invalid-extension-value', node.loc, 'x-svc-jwt must be an object')
    return null
  }
  let flow: FlowRef | null = null
  if (entryOf(node, 'key') === undefined)
    ctx.error('security/invalid-jwt', missingKeyLoc(node), 'x-svc-jwt.key is required')
  for (const entry of node.entries) {
    const value = entry.value
    switch (entry.key) {
      case 'key':
        loadValueSource(value, 'x-svc-jwt.key', ctx, { jwks: true })
        break
      case 'alg': {
        const source = loadValueSource(value, 'x-svc-jwt.alg', ctx)
        if (source?.kind === 'literal' && !JWT_ALGORITHMS.includes(String(source.value))) {
          ctx.error(
            'security/invalid-jwt',
            value.loc,
            `unsupported alg ${JSON.stringify(String(source.value))}; expected one of ${JWT_ALGORITHMS.join(', ')}`,
          )
        }
        break
      }
      case 'out-var':
        checkVariable(value, 'x-svc-jwt.out-var', '$jwt', ctx)
        break
      case 'out-header':
        if (value.kind !== 'scalar' || typeof value.value !== 'string' || !HEADER_TOKEN.test(value.value)) {
          ctx.error('security/invalid-jwt', value.loc, 'x-svc-jwt.out-header must be a header name')
        }
        break
      case 'claims':
        if (value.kind !== 'map') ctx.error('security/invalid-jwt', value.loc, 'x-svc-jwt.claims must be an object')
        else
          for (const claim of value.entries)
            loadValueSource(claim.value, `x-svc-jwt.claims.${claim.key}`, ctx, { anyScalar: true })
        break
      case 'scope-claim':
        if (value.kind !== 'scalar' || typeof value.value !== 'string' || value.value === '')
          ctx.error('security/invalid-jwt', value.loc, 'x-svc-jwt.scope-claim must be a non-empty string')
        break
      case 'post-check-flow': {
        const ref = resolveFlowRef(value, 'x-svc-jwt.post-check-flow', ctx)
        if (ref !== 'invalid') flow = ref
        break
      }
      default:
        unknownProperty(ctx, 'x-svc-jwt', entry.key, entry.keyLoc, JWT_PROPERTIES)
    }
  }
  return flow
}
