/**
 * Code for attribute values shared by the action emitters: dyn text (flows.md F-EXPR-4), locations
 * (F-LOC-1), and evaluation of several dynamic attributes in document order (actions.md ACT-COMMON-2).
 * Expressions are hoisted by compiler/emit/xpath; user text enters only through `lit()`.
 */
import type { LocationNode, TextValue } from '../../ir/statements.js'
import type { XPathNode } from '../../ir/xpath.js'
import { type Code, joinCode, js, lit } from '../code.js'
import type { EmitContext } from '../context.js'
import { emitExpression, type ExpressionSite } from './expression.js'

/** `evaluateBoolean(ctx, XPATH_n)` for a condition (F-EXPR-3). */
export function conditionCode(expr: XPathNode, ctx: EmitContext, site: ExpressionSite): Code {
  return js`${ctx.runtime('evaluateBoolean')}(ctx, ${emitExpression(expr, ctx, site)})`
}

/** `evaluate(ctx, XPATH_n)`: the expression's value as a sequence. */
export function valueCode(expr: XPathNode, ctx: EmitContext, site: ExpressionSite): Code {
  return js`${ctx.runtime('evaluate')}(ctx, ${emitExpression(expr, ctx, site)})`
}

/** A string: a literal, or literals and `evaluateString(...)` parts joined with `+`. */
export function textCode(value: TextValue, ctx: EmitContext, site: ExpressionSite): Code {
  if (value.parts.length === 0) return lit('')
  const parts = value.parts.map((part) =>
    typeof part === 'string'
      ? lit(part)
      : js`${ctx.runtime('evaluateString')}(ctx, ${emitExpression(part, ctx, site)})`,
  )
  return joinCode(parts, ' + ')
}

export function isDynamic(value: TextValue | null): boolean {
  return value !== null && value.parts.some((part) => typeof part !== 'string')
}

/** A static location as a frozen module constant; a dynamic one as `locationText(text, dir)`. */
export function locationCode(location: LocationNode, ctx: EmitContext, site: ExpressionSite): Code {
  switch (location.kind) {
    case 'dynamic':
      return js`${ctx.runtime('locationText')}(${textCode(location.value, ctx, site)}, ${lit(location.dir)})`
    case 'variable':
      return ctx.hoist('LOCATION', js`Object.freeze({ kind: ${lit('variable')}, name: ${lit(location.name)} })`)
    case 'upstream-content':
      return ctx.hoist('LOCATION', js`Object.freeze({ kind: ${lit('upstream-content')}, id: ${lit(location.id)} })`)
    case 'file':
      return ctx.hoist('LOCATION', js`Object.freeze({ kind: ${lit('file')}, path: ${lit(location.path)} })`)
    case 'main-content':
    case 'empty-document':
      return ctx.hoist('LOCATION', js`Object.freeze({ kind: ${lit(location.kind)} })`)
  }
}

/** One argument of an action helper: its local name and value. */
export interface Argument {
  /** Local constant name used when arguments must be evaluated ahead (a fixed identifier). */
  readonly local: Code
  readonly value: TextValue | LocationNode | null
}

export interface Arguments {
  /** `const x = ...` lines, in document order; empty when the arguments can be inlined. */
  readonly prelude: readonly Code[]
  /** The code of each argument, in the order given; `undefined` for absent ones. */
  readonly args: readonly Code[]
}

function isDynamicArgument(value: TextValue | LocationNode | null): boolean {
  if (value === null) return false
  if (value.kind === 'text') return isDynamic(value)
  return value.kind === 'dynamic'
}

/**
 * Codes for the arguments. With two or more dynamic values, they are evaluated ahead into local
 * constants in document order (ACT-COMMON-2), since argument order need not be document order.
 */
export function argumentsCode(items: readonly Argument[], ctx: EmitContext, site: ExpressionSite): Arguments {
  const codeOf = (value: TextValue | LocationNode | null): Code =>
    value === null
      ? lit(undefined)
      : value.kind === 'text'
        ? textCode(value, ctx, site)
        : locationCode(value, ctx, site)
  const dynamic = items.filter((item) => isDynamicArgument(item.value))
  if (dynamic.length < 2) return { prelude: [], args: items.map((item) => codeOf(item.value)) }
  const ordered = [...dynamic].sort((a, b) => a.value!.loc.start - b.value!.loc.start)
  const prelude = ordered.map((item) => js`const ${item.local} = ${codeOf(item.value)}`)
  return { prelude, args: items.map((item) => (isDynamicArgument(item.value) ? item.local : codeOf(item.value))) }
}

/** `name(a, b, c)` with trailing `undefined` arguments dropped. */
export function callCode(callee: Code, args: readonly Code[]): Code {
  const kept = [...args]
  while (kept.length > 0 && kept[kept.length - 1]!.text === 'undefined') kept.pop()
  return js`${callee}(${joinCode(kept, ', ')})`
}
