/**
 * Which `x-svc-rate-limit` applies to an operation (rate-limits.md RL1): its own, else its path
 * item's, else the top level's; the most specific one replaces the others. Its policies are checked
 * before the body is read, or after security when one of them counts by a JWT claim (RL4).
 */
import type { DefinitionNode, OperationNode, RateLimitNode, RouteNode } from '../ir/definition.js'

/** The rate limit of `operation` of `route` (null: the route's handler for any method), or null. */
export function operationRateLimit(
  definition: DefinitionNode,
  route: RouteNode,
  operation: OperationNode | null,
): RateLimitNode | null {
  return operation?.rateLimit ?? route.rateLimit ?? definition.rateLimit
}

/** RL4: a policy keyed by a JWT claim needs the verified token, so all of the limit waits for PL8. */
export function limitsByClaim(limit: RateLimitNode): boolean {
  return limit.policies.some((policy) => policy.key.kind === 'jwt')
}
