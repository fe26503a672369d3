/**
 * Which security requirement applies to an operation, normalised (security.md A3, A8-A11): read by
 * the emitter of the security part and by the analysis of an operation's stages.
 */
import type { DefinitionNode, OperationNode, RouteNode, SecurityRequirementNode } from '../ir/definition.js'

/** One alternative of a requirement: the enforced schemes it names, each with its scopes. */
export type Alternative = (readonly [string, readonly string[]])[]

/** A9-A11 normalised: enforced schemes only, nothing after an always-passing alternative; null: none. */
export function normaliseRequirement(
  requirement: SecurityRequirementNode | null,
  enforced: ReadonlySet<string>,
): Alternative[] | null {
  if (requirement === null) return null
  const alternatives: Alternative[] = []
  for (const uses of requirement.alternatives) {
    const alternative: Alternative = uses
      .filter((use) => enforced.has(use.name))
      .map((use) => [use.name, use.scopes] as const)
    if (alternative.length === 0 && alternatives.length === 0) return null
    alternatives.push(alternative)
    if (alternative.length === 0) break
  }
  return alternatives.length === 0 ? null : alternatives
}

/** The names of the schemes that are enforced (A3). */
export function enforcedSchemes(definition: DefinitionNode): Set<string> {
  return new Set(definition.securitySchemes.filter((scheme) => scheme.enforced).map((scheme) => scheme.name))
}

/**
 * The normalised requirement of an operation (A9: operation, else path, else top level); `operation`
 * null for the handler of a route without operations. Null: nothing to check.
 */
export function operationRequirement(
  definition: DefinitionNode,
  route: RouteNode,
  operation: OperationNode | null,
  enforced: ReadonlySet<string>,
): Alternative[] | null {
  return normaliseRequirement(operation?.security ?? route.security ?? definition.security, enforced)
}
