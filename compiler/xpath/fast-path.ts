/**
 * The fast-path plan (xpath-functions.md section 12): expressions made only of variable paths
 * (`$body/json/a/b`, `$request/headers/x`), child steps by name or `*`, `@name`, `..`, `.`,
 * predicates, relative paths from the context item, string and number literals, general comparisons,
 * arithmetic, `and`/`or`, and the functions `not() string() number() boolean() count() concat()
 * contains() starts-with() true() false()` become a FastExpr that the emitter turns into plain
 * JavaScript; anything else returns undefined and is left to the engine.
 */
import { childTagged, type XqxNode } from '../../runtime/xpath/ast/xqx-node.js'
import type {
  FastArithmeticOperator,
  FastAxis,
  FastComparisonOperator,
  FastExpr,
  FastFunctionName,
  FastPredicate,
} from '../ir/xpath.js'

const COMPARISONS: Readonly<Record<string, FastComparisonOperator>> = {
  equalOp: '=',
  notEqualOp: '!=',
  lessThanOp: '<',
  lessThanOrEqualOp: '<=',
  greaterThanOp: '>',
  greaterThanOrEqualOp: '>=',
}

const ARITHMETIC: Readonly<Record<string, FastArithmeticOperator>> = {
  addOp: '+',
  subtractOp: '-',
  multiplyOp: '*',
  divOp: 'div',
  idivOp: 'idiv',
  modOp: 'mod',
}

/** Allowed arities of the fast-path functions (the XP-STR-1 versions where those exist). */
const FUNCTIONS: Readonly<Record<FastFunctionName, { min: number; max: number }>> = {
  not: { min: 1, max: 1 },
  string: { min: 0, max: 1 },
  number: { min: 0, max: 1 },
  boolean: { min: 1, max: 1 },
  count: { min: 1, max: 1 },
  concat: { min: 2, max: Infinity },
  contains: { min: 2, max: 2 },
  'starts-with': { min: 2, max: 2 },
  true: { min: 0, max: 0 },
  false: { min: 0, max: 0 },
}

/** The fast-path form of an (unrewritten) expression tree, or undefined when it is outside the subset. */
export function fastExpression(node: XqxNode): FastExpr | undefined {
  const comparison = COMPARISONS[node.tag]
  if (comparison !== undefined) return binary(node, (left, right) => ({ kind: 'compare', op: comparison, left, right }))
  const arithmetic = ARITHMETIC[node.tag]
  if (arithmetic !== undefined)
    return binary(node, (left, right) => ({ kind: 'arithmetic', op: arithmetic, left, right }))
  switch (node.tag) {
    case 'andOp':
    case 'orOp': {
      const kind = node.tag === 'andOp' ? 'and' : 'or'
      return binary(node, (left, right) => ({ kind, left, right }))
    }
    case 'unaryMinusOp':
    case 'unaryPlusOp': {
      const operand = fastExpression(onlyChild(childTagged(node, 'operand')))
      return operand && { kind: 'unary', negate: node.tag === 'unaryMinusOp', operand }
    }
    case 'stringConstantExpr':
      return { kind: 'string', value: childTagged(node, 'value')?.text ?? '' }
    case 'integerConstantExpr':
    case 'decimalConstantExpr':
    case 'doubleConstantExpr': {
      const value = Number(childTagged(node, 'value')?.text ?? 'NaN')
      // literals beyond the double range (1e400) are left to the engine
      return Number.isFinite(value) ? { kind: 'number', value } : undefined
    }
    case 'varRef': {
      const name = childTagged(node, 'name')
      return name && !name.attrs['prefix'] && name.attrs['URI'] === undefined
        ? { kind: 'variable', name: name.text ?? '' }
        : undefined
    }
    case 'contextItemExpr':
      return { kind: 'context' }
    case 'pathExpr':
      return path(node)
    case 'functionCallExpr':
      return call(node)
    default:
      return undefined
  }
}

function onlyChild(node: XqxNode | undefined): XqxNode {
  return node?.children[0] ?? { tag: 'missing', attrs: {}, children: [], text: null }
}

function binary(node: XqxNode, make: (left: FastExpr, right: FastExpr) => FastExpr): FastExpr | undefined {
  const left = fastExpression(onlyChild(childTagged(node, 'firstOperand')))
  const right = left && fastExpression(onlyChild(childTagged(node, 'secondOperand')))
  return left && right && make(left, right)
}

function call(node: XqxNode): FastExpr | undefined {
  const name = childTagged(node, 'functionName')
  if (!name || name.attrs['prefix'] !== '' || !(name.text! in FUNCTIONS)) return undefined
  const fn = name.text as FastFunctionName
  const argNodes = childTagged(node, 'arguments')?.children ?? []
  const { min, max } = FUNCTIONS[fn]
  if (argNodes.length < min || argNodes.length > max) return undefined
  const args: FastExpr[] = []
  for (const arg of argNodes) {
    const converted = fastExpression(arg)
    if (converted === undefined) return undefined
    args.push(converted)
  }
  // string() and number() without argument read the context item
  if (args.length === 0 && (fn === 'string' || fn === 'number')) args.push({ kind: 'context' })
  return { kind: 'call', name: fn, args }
}

function path(node: XqxNode): FastExpr | undefined {
  const parts = node.children
  let index = 0
  let current: FastExpr
  if (parts[0]?.tag === 'rootExpr') {
    current = { kind: 'root' }
    index = 1
  } else if (parts[0] && childTagged(parts[0], 'filterExpr')) {
    const start = filterStep(parts[0])
    if (start === undefined) return undefined
    current = start
    index = 1
  } else current = { kind: 'context' }
  for (; index < parts.length; index++) {
    const next = axisStep(parts[index]!, current)
    if (next === undefined) return undefined
    current = next
  }
  return current
}

/** The first step of a path when it is an expression: `$x`, `$x[1]`, `.` */
function filterStep(step: XqxNode): FastExpr | undefined {
  const filter = childTagged(step, 'filterExpr')!
  const base = fastExpression(onlyChild(filter))
  if (base === undefined) return undefined
  const postfix = step.children.filter((c) => c !== filter)
  if (postfix.length === 0) return base
  const predicates = predicatesOf(postfix)
  return predicates && { kind: 'filter', input: base, predicates }
}

function predicatesOf(parts: readonly XqxNode[]): FastPredicate[] | undefined {
  const predicates: FastPredicate[] = []
  for (const part of parts) {
    if (part.tag !== 'predicates' && part.tag !== 'predicate') return undefined
    for (const expression of part.children) {
      const predicate = predicateOf(expression)
      if (predicate === undefined) return undefined
      predicates.push(predicate)
    }
  }
  return predicates
}

function predicateOf(expression: XqxNode): FastPredicate | undefined {
  if (expression.tag === 'integerConstantExpr')
    return { kind: 'position', value: Number(childTagged(expression, 'value')?.text) }
  if (expression.tag === 'functionCallExpr') {
    const name = childTagged(expression, 'functionName')
    if (
      name?.attrs['prefix'] === '' &&
      name.text === 'last' &&
      (childTagged(expression, 'arguments')?.children.length ?? 0) === 0
    )
      return { kind: 'last' }
  }
  const expr = fastExpression(expression)
  return expr && { kind: 'expr', expr }
}

/** A later step: `name`, `*`, `@name`, `@*`, `..`, `.`, with predicates. */
function axisStep(step: XqxNode, input: FastExpr): FastExpr | undefined {
  if (step.tag !== 'stepExpr') return undefined
  const filter = childTagged(step, 'filterExpr')
  if (filter) {
    // `E/.` keeps the nodes of E
    if (step.children.length !== 1 || onlyChild(filter).tag !== 'contextItemExpr') return undefined
    return { kind: 'step', input, axis: 'self', name: null, predicates: [] }
  }
  const axis = childTagged(step, 'xpathAxis')?.text
  const test = step.children.find((c) => c.tag !== 'xpathAxis' && c.tag !== 'predicates' && c.tag !== 'predicate')
  if (test === undefined) return undefined
  let fastAxis: FastAxis
  let name: string | null
  if ((axis === 'child' || axis === 'attribute') && test.tag === 'nameTest') {
    if (test.attrs['prefix'] || test.attrs['URI'] !== undefined) return undefined
    fastAxis = axis
    name = test.text ?? ''
  } else if ((axis === 'child' || axis === 'attribute') && test.tag === 'Wildcard' && test.children.length === 0) {
    fastAxis = axis
    name = null
  } else if ((axis === 'parent' || axis === 'self') && test.tag === 'anyKindTest') {
    fastAxis = axis
    name = null
  } else return undefined
  const predicates = predicatesOf(step.children.filter((c) => c.tag === 'predicates' || c.tag === 'predicate'))
  return predicates && { kind: 'step', input, axis: fastAxis, name, predicates }
}
