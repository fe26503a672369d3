/**
 * The one variable scope of a template execution (templates.md T-VAR-1..T-VAR-5): local values are
 * asked first by the evaluator (xpath-functions.md XP-VAR-2); a name not assigned yet reads the global
 * variable. Made per execution, so nothing leaks into other templates, actions or requests.
 */
import type { Sequence } from '../values/item.js'
import type { VariableScope } from '../xpath/scope.js'

export class TemplateScope implements VariableScope {
  readonly #values = new Map<string, Sequence>()

  variable(name: string): Sequence | undefined {
    return this.#values.get(name)
  }

  set(name: string, value: Sequence): void {
    this.#values.set(name, value)
  }
}
