/**
 * The parts every statement and action node is made of (flows.md F-CTL-6, F-EXPR-4, F-LOC-1,
 * actions.md ACT-COMMON-1): kept apart from the node unions in statements.ts so that the files of
 * action nodes import them without importing the unions that list those nodes.
 */
import type { Loc } from '../diagnostics/source.js'
import type { XPathNode } from './xpath.js'

export interface StatementBase {
  readonly loc: Loc
  /** The start tag as written, e.g. `<eval out="$name">`. */
  readonly tag: string
}

/** A variable named by an `out` attribute (F-VAR-1); `name` without `$`. */
export interface VariableRef {
  readonly kind: 'variable'
  /** The attribute's name. */
  readonly loc: Loc
  readonly name: string
}

/**
 * An attribute value that may hold `{expr}` parts (F-EXPR-4). A static value has only string parts
 * (braces already unescaped); `loc` is the attribute's name.
 */
export interface TextValue {
  readonly kind: 'text'
  readonly loc: Loc
  /** Literal text and expressions in order; adjacent literals are merged, empty ones dropped. */
  readonly parts: readonly (string | XPathNode)[]
}

/** A location of F-LOC-1, parsed at compile time when static. */
export type LocationNode =
  | { readonly kind: 'variable'; readonly loc: Loc; readonly name: string }
  | { readonly kind: 'main-content'; readonly loc: Loc }
  | { readonly kind: 'upstream-content'; readonly loc: Loc; readonly id: string }
  | { readonly kind: 'empty-document'; readonly loc: Loc }
  /** `path` is site-relative and normalised (F-LOC-2). */
  | { readonly kind: 'file'; readonly loc: Loc; readonly path: string }
  /** Parsed at run time relative to `dir` (the flow file's site-relative directory). */
  | { readonly kind: 'dynamic'; readonly loc: Loc; readonly value: TextValue; readonly dir: string }

/** What every action has (ACT-COMMON-1). */
export interface ActionBase extends StatementBase {
  /** The `if` attribute (F-CTL-6). */
  readonly condition: XPathNode | null
  /** Valid topics of the `debug` attribute (F-DBG-1). */
  readonly debug: readonly string[]
}
