/** Types shared by the fast-path helpers and generated fast-path code (xpath-functions.md section 12). */
import type { FlowContext } from '../../context/flow-context.js'
import type { Item } from '../../values/item.js'
import type { VariableScope } from '../scope.js'
import type { Value } from '../value.js'

/** A compiled fast-path expression (or predicate): its value for a context, focus and local scope. */
export type FastEvaluator = (ctx: FlowContext, focus: Item | undefined, scope: VariableScope | undefined) => Value

/** A step predicate: a position (`[2]`), the last item (`[last()]`), or an expression. */
export type FastPredicate = number | 'last' | FastEvaluator

/** Axes of the fast path: `name`/`*`, `@name`/`@*`, `..`, `.`. */
export type FastAxis = 'child' | 'attribute' | 'parent' | 'self'
