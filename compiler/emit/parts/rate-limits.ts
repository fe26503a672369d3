/**
 * The `rateLimits` app part (rate-limits.md RL1-RL6; definition.md PL20): `src/rate-limits.ts` exports
 * the policies that apply to each route and method, as the most specific `x-svc-rate-limit` gives
 * them, and how responses advertise them. A policy is one hoisted constant identified by where it is
 * written, so the operations a path-level or top-level policy covers share its quota.
 */
import { operationRateLimit } from '../../analysis/rate-limits.js'
import type { DefinitionNode, RateLimitNode, RateLimitPolicyNode, RequestKeyNode } from '../../ir/definition.js'
import type { AppPart } from '../app-part.js'
import { type Code, comment, joinCode, js, lit } from '../code.js'
import type { EmitContext } from '../context.js'
import { emitExpression } from '../xpath.js'
import { arrayCode, objectCode } from './object-code.js'

/** A request key (RL3, UP-POOL-3) as the runtime's `RequestKeySpec`; `action` names the setting in run-time errors. */
export function keyCode(key: RequestKeyNode, ctx: EmitContext, action = 'x-svc-rate-limit'): Code {
  switch (key.kind) {
    case 'client-ip':
      return objectCode([['kind', lit('client-ip')]])
    case 'header':
      return objectCode([
        ['kind', lit('header')],
        ['name', lit(key.name)],
      ])
    case 'jwt':
      return objectCode([
        ['kind', lit('jwt')],
        ['claim', lit(key.claim)],
      ])
    case 'expression': {
      const site = { at: ctx.at(key.expr.loc), action }
      return objectCode([
        ['kind', lit('expression')],
        ['expr', emitExpression(key.expr, ctx, site)],
      ])
    }
  }
}

function policyCode(policy: RateLimitPolicyNode, ctx: EmitContext): Code {
  const spec = objectCode([
    ['id', lit(ctx.at(policy.loc))],
    ['name', lit(policy.name)],
    ['limit', lit(policy.limit)],
    ['window', lit(policy.window)],
    ['key', keyCode(policy.key, ctx)],
  ])
  return ctx.hoist('POLICY', js`${spec} satisfies ${ctx.runtimeType('RateLimitPolicySpec')}`)
}

function entryCode(pattern: string, method: string | null, limit: RateLimitNode, ctx: EmitContext): Code {
  const policies = arrayCode(limit.policies.map((policy) => policyCode(policy, ctx)))
  return js`  ${arrayCode([lit(pattern), lit(method), policies])},`
}

function emitRateLimits(definition: DefinitionNode, ctx: EmitContext): Code | null {
  const entries: Code[] = []
  for (const route of definition.routes) {
    if (route.operations === null) {
      const limit = operationRateLimit(definition, route, null)
      if (limit !== null) entries.push(entryCode(route.pattern, null, limit, ctx))
      continue
    }
    for (const operation of route.operations) {
      const limit = operationRateLimit(definition, route, operation)
      if (limit !== null) entries.push(entryCode(route.pattern, operation.method, limit, ctx))
    }
  }
  if (entries.length === 0) return null
  return js`${comment('the rate limit of each route and method, most specific x-svc-rate-limit first (rate-limits.md RL1-RL6)')}
export const RATE_LIMITS: ${ctx.runtimeType('RateLimitTable')} = ${ctx.runtime('defineRateLimits')}(${lit(definition.rateLimitHeaders)}, [
${joinCode(entries, '\n')}
])
`
}

export const RATE_LIMITS_PART: AppPart = {
  field: 'rateLimits',
  module: 'rate-limits.ts',
  constant: 'RATE_LIMITS',
  emit: ({ definition }, ctx) => emitRateLimits(definition, ctx),
}
