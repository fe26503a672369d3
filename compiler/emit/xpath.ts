/**
 * Emits compiled expressions (xpath-functions.md section 12): each expression becomes a hoisted,
 * module-level constant. An engine plan is `new EngineExpression({...})` with the rewritten text; a
 * fast plan is `new FastExpression({...}, (ctx, focus, scope) => …)`, plain JavaScript calling the
 * runtime's fast-path helpers, with predicates hoisted as functions of their own. The site (`at`,
 * `action`) is kept for run-time failures (flows.md F-EXPR-5).
 */
import { ESCAPED_MEMBER_NAME } from '../../runtime/oxn/json-type.js'
import { assertNever } from '../diagnostics/invariant.js'
import type { FastExpr, FastPredicate, XPathNode } from '../ir/xpath.js'
import { type Code, joinCode, js, lit, type Name } from './code.js'
import type { EmitContext, RuntimeName } from './context.js'

export interface ExpressionSite {
  /** `file:line:col` of the action. */
  readonly at: string
  /** The action's element name. */
  readonly action: string
}

export interface EmitOptions {
  /** Give a plain child path from the context item (`a/b/c`) its names, for templates to read directly. */
  readonly childPath?: boolean
  /** With childPath: give the context item itself (`.`) the empty path (loops over JSON read in place). */
  readonly contextPath?: boolean
}

/** The name of the module-level constant holding the compiled expression. */
export function emitExpression(
  node: XPathNode,
  ctx: EmitContext,
  site: ExpressionSite,
  options: EmitOptions = {},
): Name {
  const plan = node.plan
  const fields = js`{ source: ${lit(node.source)}, at: ${lit(site.at)}, action: ${lit(site.action)}, text: ${lit(plan.text)}, variables: ${lit([...node.variables])} }`
  if (plan.tier === 'engine') return ctx.hoist('XPATH', js`new ${ctx.runtime('EngineExpression')}(${fields})`)
  // Two lines: the facts (source, site, the engine text used when the fast path hands over), then the code.
  const path =
    options.childPath !== true
      ? null
      : options.contextPath === true && plan.expr.kind === 'context'
        ? []
        : childPathOf(plan.expr)
  const extra =
    path === null
      ? js``
      : js`  [${joinCode(
          path.map((name) => lit(name)),
          ', ',
        )}],\n`
  return ctx.hoist(
    'XPATH',
    js`new ${ctx.runtime('FastExpression')}(\n  ${fields},\n  ${fastFunction(plan.expr, ctx)},\n${extra})`,
  )
}

/**
 * The names of `a/b/c` (child steps by name, no predicates, from the context item), or null. Not for
 * `json-element`, which stands for every key that is not an NCName (OXN-4).
 */
export function childPathOf(expr: FastExpr): string[] | null {
  const names: string[] = []
  let current = expr
  while (current.kind === 'step') {
    if (
      current.axis !== 'child' ||
      current.name === null ||
      current.name === ESCAPED_MEMBER_NAME ||
      current.predicates.length > 0
    )
      return null
    names.unshift(current.name)
    current = current.input
  }
  return current.kind === 'context' && names.length > 0 ? names : null
}

/** `(ctx, focus, scope) => …`; parameters the body does not use are prefixed with `_`. */
function fastFunction(expr: FastExpr, ctx: EmitContext): Code {
  const body = fastCode(expr, ctx)
  const uses = (name: string) => new RegExp(`\\b${name}\\b`).test(body.text)
  const c = uses('ctx') ? CTX : js`_ctx`
  const f = uses('focus') ? FOCUS : js`_focus`
  const s = uses('scope') ? SCOPE : js`_scope`
  return js`(${c}, ${f}, ${s}) => ${body}`
}

const CTX = js`ctx`
const FOCUS = js`focus`
const SCOPE = js`scope`

function fastCode(expr: FastExpr, ctx: EmitContext): Code {
  const helper = (name: RuntimeName) => ctx.runtime(name)
  switch (expr.kind) {
    case 'string':
      return lit(expr.value)
    case 'number':
      return lit(expr.value)
    case 'variable':
      return js`${helper('xpVar')}(${CTX}, ${SCOPE}, ${lit(expr.name)})`
    case 'context':
      return js`${helper('xpFocus')}(${CTX}, ${FOCUS})`
    case 'root':
      return js`${helper('xpRoot')}(${helper('xpFocus')}(${CTX}, ${FOCUS}))`
    case 'step':
      return stepCode(expr, ctx)
    case 'filter':
      return js`${helper('xpFilter')}(${CTX}, ${SCOPE}, ${fastCode(expr.input, ctx)}, ${predicateList(expr.predicates, ctx)})`
    case 'compare':
      return js`${helper('xpCompare')}(${lit(expr.op)}, ${fastCode(expr.left, ctx)}, ${fastCode(expr.right, ctx)})`
    case 'arithmetic':
      return js`${helper('xpArithmetic')}(${lit(expr.op)}, ${fastCode(expr.left, ctx)}, ${fastCode(expr.right, ctx)})`
    case 'unary':
      return js`${helper(expr.negate ? 'xpNegate' : 'xpPlus')}(${fastCode(expr.operand, ctx)})`
    case 'and':
      return js`(${helper('xpBoolean')}(${fastCode(expr.left, ctx)}) && ${helper('xpBoolean')}(${fastCode(expr.right, ctx)}))`
    case 'or':
      return js`(${helper('xpBoolean')}(${fastCode(expr.left, ctx)}) || ${helper('xpBoolean')}(${fastCode(expr.right, ctx)}))`
    case 'call':
      return callCode(expr, ctx)
    default:
      return assertNever(expr)
  }
}

function stepCode(expr: Extract<FastExpr, { kind: 'step' }>, ctx: EmitContext): Code {
  const input = fastCode(expr.input, ctx)
  if (expr.predicates.length > 0) {
    return js`${ctx.runtime('xpStep')}(${CTX}, ${SCOPE}, ${input}, ${lit(expr.axis)}, ${lit(expr.name)}, ${predicateList(expr.predicates, ctx)})`
  }
  switch (expr.axis) {
    case 'child':
      return expr.name === null
        ? js`${ctx.runtime('xpChildren')}(${input})`
        : js`${ctx.runtime('xpChild')}(${input}, ${lit(expr.name)})`
    case 'attribute':
      return expr.name === null
        ? js`${ctx.runtime('xpAttributes')}(${input})`
        : js`${ctx.runtime('xpAttribute')}(${input}, ${lit(expr.name)})`
    case 'parent':
      return js`${ctx.runtime('xpParent')}(${input})`
    case 'self':
      return js`${ctx.runtime('xpSelf')}(${input})`
    default:
      return assertNever(expr.axis)
  }
}

/** Predicates: positions and `last` as literals, expressions as hoisted functions. */
function predicateList(predicates: readonly FastPredicate[], ctx: EmitContext): Code {
  return joinCode(
    predicates.map((predicate) => {
      switch (predicate.kind) {
        case 'position':
          return lit(predicate.value)
        case 'last':
          return lit('last')
        case 'expr':
          return ctx.hoist('XPATH_PREDICATE', js`${ctx.runtime('xpPredicate')}(${fastFunction(predicate.expr, ctx)})`)
        default:
          return assertNever(predicate)
      }
    }),
    ', ',
  )
}

const FUNCTION_HELPERS = {
  string: 'xpString',
  number: 'xpNumber',
  boolean: 'xpBoolean',
  count: 'xpCount',
  concat: 'xpConcat',
  contains: 'xpContains',
  'starts-with': 'xpStartsWith',
} as const

function callCode(expr: Extract<FastExpr, { kind: 'call' }>, ctx: EmitContext): Code {
  switch (expr.name) {
    case 'true':
      return js`true`
    case 'false':
      return js`false`
    case 'not':
      return js`!${ctx.runtime('xpBoolean')}(${fastCode(expr.args[0]!, ctx)})`
    default: {
      const args = joinCode(
        expr.args.map((arg) => fastCode(arg, ctx)),
        ', ',
      )
      return js`${ctx.runtime(FUNCTION_HELPERS[expr.name])}(${args})`
    }
  }
}
