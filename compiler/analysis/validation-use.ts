/** Whether a build needs the validation stage and plan (validation.md). */
import type { DefinitionNode } from '../ir/definition.js'

/** True when the definition has anything to validate or any `x-svc-validate`. */
export function usesValidation(definition: DefinitionNode): boolean {
  if (definition.validate !== null || definition.consumes !== null || definition.produces !== null) return true
  return definition.routes.some(
    (route) =>
      route.validate !== null ||
      route.parameters.length > 0 ||
      (route.operations ?? []).some(
        (op) =>
          op.validate !== null ||
          op.parameters.length > 0 ||
          op.responses !== null ||
          op.consumes !== null ||
          op.produces !== null,
      ),
  )
}
