/**
 * Builds a VariableUses (compiler/ir/xpath.ts) from parts: the reads of one expression, of a flow's
 * expressions and inputs, or of several flows, are each the union of their parts.
 */
import type { VariableUses } from './xpath.js'

export class VariableUsesBuilder {
  readonly #steps = new Set<string>()
  readonly #whole = new Set<string>()
  #climbs = false
  #dynamic = false

  /** Everything `uses` reads. */
  add(uses: VariableUses): void {
    for (const step of uses.steps) this.#steps.add(step)
    for (const name of uses.whole) this.#whole.add(name)
    if (uses.climbs) this.#climbs = true
    if (uses.dynamic) this.#dynamic = true
  }

  /** `name/child`: a child step by name after `$name`. */
  addStep(step: string): void {
    this.#steps.add(step)
  }

  /** `$name`, read whole. */
  addWhole(name: string): void {
    this.#whole.add(name)
  }

  /** Nodes are climbed from (reverse or sibling axes, `root()`, a path from `/`). */
  climb(): void {
    this.#climbs = true
  }

  /** Any variable may be read (a name known only at run time). */
  readsAnything(): void {
    this.#dynamic = true
  }

  build(): VariableUses {
    return { steps: [...this.#steps], whole: [...this.#whole], climbs: this.#climbs, dynamic: this.#dynamic }
  }
}
