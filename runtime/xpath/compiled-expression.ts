/**
 * Compiled expressions as generated code holds them (module-level constants): the expression as
 * written, where it is (`file:line:col` and the action's element name, for run-time failures,
 * flows.md F-EXPR-5), the rewritten text for the engine, the variables it reads, and for expressions
 * in the simple subset the generated fast-path function (xpath-functions.md section 12).
 */
import type { FastEvaluator } from './fast/types.js'

export interface ExpressionSite {
  /** The expression as written. */
  readonly source: string
  /** `flows/x.xml:3:5` of the action. */
  readonly at: string
  /** The action's element name (`eval`, `if`, ...). */
  readonly action: string
  /** The rewritten expression the engine evaluates. */
  readonly text: string
  /** Variables the expression reads (free variables, without `$`). */
  readonly variables: readonly string[]
}

export interface CompiledExpression extends ExpressionSite {
  /** The fast-path function, or null when only the engine evaluates the expression. */
  readonly fast: FastEvaluator | null
  /**
   * For a template placeholder that is a plain child path from the context item (`a/b/c`), the
   * names; null otherwise. Templates read such a member straight from the JSON (member-path.ts).
   */
  readonly childPath: readonly string[] | null
}

function freezeSite(site: ExpressionSite): ExpressionSite {
  return {
    source: site.source,
    at: site.at,
    action: site.action,
    text: site.text,
    variables: Object.freeze([...site.variables]),
  }
}

/** An expression evaluated by the engine. */
export class EngineExpression implements CompiledExpression {
  readonly source: string
  readonly at: string
  readonly action: string
  readonly text: string
  readonly variables: readonly string[]
  readonly fast = null
  readonly childPath = null

  constructor(site: ExpressionSite) {
    ;({
      source: this.source,
      at: this.at,
      action: this.action,
      text: this.text,
      variables: this.variables,
    } = freezeSite(site))
    Object.freeze(this)
  }
}

/** An expression with a fast path; the engine text is kept for input the fast path leaves to it. */
export class FastExpression implements CompiledExpression {
  readonly source: string
  readonly at: string
  readonly action: string
  readonly text: string
  readonly variables: readonly string[]
  readonly childPath: readonly string[] | null

  constructor(
    site: ExpressionSite,
    readonly fast: FastEvaluator,
    childPath?: readonly string[],
  ) {
    this.childPath = childPath === undefined ? null : Object.freeze([...childPath])
    ;({
      source: this.source,
      at: this.at,
      action: this.action,
      text: this.text,
      variables: this.variables,
    } = freezeSite(site))
    Object.freeze(this)
  }
}
