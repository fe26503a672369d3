/**
 * Which pipeline stages apply to an operation (definition.md section 9; runtime/server/stages.ts),
 * decided from the definition so that a request runs only those: request validation when the
 * definition has anything to validate (validation.md), security when an enforced scheme guards the
 * operation (security.md A9-A11), the init flow when there is one (H7), the rate limit when one
 * applies (rate-limits.md RL1, RL4: before the body, or after security for a JWT claim). The body,
 * mocking (its run-time switch and debug messages, operations.md MK1), the handler and the response
 * always apply.
 */
import type { OperationStageName } from '../../runtime/context/handler.js'
import type { DefinitionNode, OperationNode, RouteNode } from '../ir/definition.js'
import { limitsByClaim, operationRateLimit } from './rate-limits.js'
import { enforcedSchemes, operationRequirement } from './security-requirements.js'
import { usesValidation } from './validation-use.js'

/** The definition-wide facts, found once per build. */
export interface StageFacts {
  readonly validation: boolean
  readonly initFlow: boolean
  /** Names of the schemes that are enforced (security.md A3). */
  readonly enforced: ReadonlySet<string>
}

export function stageFacts(definition: DefinitionNode): StageFacts {
  return {
    validation: usesValidation(definition),
    initFlow: definition.initFlow !== null,
    enforced: enforcedSchemes(definition),
  }
}

/** The stages of `operation` of `route` (null: the route's handler for any method), in pipeline order. */
export function operationStages(
  facts: StageFacts,
  definition: DefinitionNode,
  route: RouteNode,
  operation: OperationNode | null,
): OperationStageName[] {
  const secured = operationRequirement(definition, route, operation, facts.enforced) !== null
  const limit = operationRateLimit(definition, route, operation)
  const stages: OperationStageName[] = []
  if (limit !== null && !limitsByClaim(limit)) stages.push('rate-limit')
  stages.push('body')
  if (facts.validation) stages.push('request-validation')
  if (secured) stages.push('security')
  if (limit !== null && limitsByClaim(limit)) stages.push('rate-limit-by-claim')
  stages.push('mock')
  if (facts.initFlow) stages.push('init-flow')
  stages.push('handler', 'response')
  return stages
}
