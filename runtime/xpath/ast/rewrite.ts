/**
 * The gateway rewrite of an expression for the engine (xpath-functions.md section 12):
 * - XP-CMP-1..7: general comparisons become `svcx:eq(array{A}, array{B})` … `svcx:ge` (JavaScript
 *   helpers; `array{}` carries attribute nodes, which custom functions cannot take in sequences);
 * - XP-AR-1..3: operands through `svcx:num((E)[1])`, `div` by a possibly zero divisor through
 *   `svcx:div`, `idiv` and `mod` through the XQuery helpers `svcq:idiv`, `svcq:mod` (integer results);
 * - XP-PATH-1/2: the left side of a step keeps its nodes (`E[. instance of node()]`), relative paths
 *   whose context may be atomic start from `.[. instance of node()]`, `/` from its `root()`;
 * - XP-STR-1, FN-0-2: arguments of gateway functions: the first item `(E)[1]`, whole sequences as
 *   `array{E}` (typed values tagged by `svcq:result`), the context item for argument-less forms,
 *   typed values through `fn:string()`;
 * - typed results (dates, durations) are tagged by `svcq:result` so they keep their type.
 * Statically numeric, string or boolean operands are left to the engine, which gives the same result.
 */
import { GATEWAY_PREFIX, INTERNAL_MODULE_PREFIX, INTERNAL_PREFIX } from '../namespaces.js'
import { extensionFunction, paramKind, resolvesToGateway } from '../registry.js'
import {
  isAtMostOne,
  isBooleanSingle,
  isNodes,
  isNonZeroNumericLiteral,
  isNumericSingle,
  isPlainResult,
  isStringSingle,
  isTemporal,
  isTypedAtomic,
} from './static-type.js'
import { childTagged, inner, withChildren, xqx, type XqxNode, xqxText } from './xqx-node.js'

const COMPARISONS: Readonly<Record<string, string>> = {
  equalOp: 'eq',
  notEqualOp: 'ne',
  lessThanOp: 'lt',
  lessThanOrEqualOp: 'le',
  greaterThanOp: 'gt',
  greaterThanOrEqualOp: 'ge',
}

/** Most arguments one registered `concat` arity takes; longer calls are nested. */
export const MAX_CONCAT_ARITY = 32

const NUMERIC_RESULT = 'xs:numeric?'

/** Rewrites a whole expression (the top level, whose context item may be atomic). */
export function rewriteExpression(ast: XqxNode): XqxNode {
  const rewritten = rewrite(ast, false)
  return isPlainResult(rewritten) ? rewritten : functionCall(INTERNAL_MODULE_PREFIX, 'result', [rewritten])
}

export function functionCall(prefix: string, name: string, args: readonly XqxNode[], type?: string): XqxNode {
  return xqx(
    'functionCallExpr',
    [xqxText('functionName', name, { prefix }), xqx('arguments', args)],
    type ? { type } : undefined,
  )
}

function internalCall(name: string, args: readonly XqxNode[], type?: string): XqxNode {
  return functionCall(INTERNAL_PREFIX, name, args, type)
}

function binary(tag: string, left: XqxNode, right: XqxNode, type?: string): XqxNode {
  return xqx(tag, [xqx('firstOperand', [left]), xqx('secondOperand', [right])], type ? { type } : undefined)
}

function filtered(expr: XqxNode, predicate: XqxNode, type?: string): XqxNode {
  return xqx(
    'pathExpr',
    [xqx('stepExpr', [xqx('filterExpr', [expr]), xqx('predicates', [predicate])])],
    type ? { type } : undefined,
  )
}

/** `(E)[1]` unless E has at most one item. */
function firstItem(expr: XqxNode): XqxNode {
  if (isAtMostOne(expr)) return expr
  return filtered(expr, xqx('integerConstantExpr', [xqxText('value', '1')], { type: 'xs:integer' }))
}

const CONTEXT_ITEM = xqx('contextItemExpr')
const IS_NODE = xqx('instanceOfExpr', [xqx('argExpr', [CONTEXT_ITEM]), xqx('sequenceType', [xqx('anyKindTest')])], {
  type: 'xs:boolean',
})

/** `E[. instance of node()]` (XP-PATH-1) */
function nodesOf(expr: XqxNode): XqxNode {
  return filtered(expr, IS_NODE, 'node()*')
}

/** `array{E}` */
function arrayOf(expr: XqxNode): XqxNode {
  return xqx('arrayConstructor', [xqx('curlyArray', [xqx('arrayElem', [expr])])], { type: 'array(*)' })
}

function filterStep(expr: XqxNode): XqxNode {
  return xqx('stepExpr', [xqx('filterExpr', [expr])], expr.attrs['type'] ? { type: expr.attrs['type'] } : undefined)
}

function rewrite(node: XqxNode, contextIsNode: boolean): XqxNode {
  const comparison = COMPARISONS[node.tag]
  if (comparison !== undefined) return rewriteComparison(node, comparison, contextIsNode)
  switch (node.tag) {
    case 'addOp':
    case 'subtractOp':
    case 'multiplyOp': {
      const [left, right] = operands(node, contextIsNode)
      const l = numeric(left)
      const r = numeric(right)
      return binary(node.tag, l, r, arithmeticType(node, left, right, l, r))
    }
    case 'divOp': {
      const [left, right] = operands(node, contextIsNode)
      // a non-zero literal divisor cannot divide by zero (XP-AR-3); dates and durations divide as in XPath 3.1
      if (isNonZeroNumericLiteral(right) || isTemporal(left) || isTemporal(right)) {
        const l = numeric(left)
        return binary(node.tag, l, right, arithmeticType(node, left, right, l, right))
      }
      return internalCall('div', [firstItem(left), firstItem(right)], 'xs:double?')
    }
    case 'modOp': {
      const [left, right] = operands(node, contextIsNode)
      if (isNonZeroNumericLiteral(right)) {
        const l = numeric(left)
        return binary(node.tag, l, right, arithmeticType(node, left, right, l, right))
      }
      return functionCall(INTERNAL_MODULE_PREFIX, 'mod', [left, right], NUMERIC_RESULT)
    }
    case 'idivOp': {
      const [left, right] = operands(node, contextIsNode)
      return functionCall(INTERNAL_MODULE_PREFIX, 'idiv', [left, right], NUMERIC_RESULT)
    }
    case 'unaryMinusOp':
    case 'unaryPlusOp': {
      const operand = rewrite(inner(childTagged(node, 'operand')), contextIsNode)
      const converted = numeric(operand)
      const type = converted === operand ? node.attrs['type'] : isTemporal(operand) ? undefined : NUMERIC_RESULT
      return xqx(node.tag, [xqx('operand', [converted])], type ? { type } : undefined)
    }
    case 'pathExpr':
      return rewritePath(node, contextIsNode)
    case 'functionCallExpr':
      return rewriteCall(node, contextIsNode)
    case 'arrowExpr': {
      const name = childTagged(node, 'EQName')
      if (name === undefined) return recurse(node, contextIsNode)
      // `E => f(a)` is `f(E, a)`
      const args = [inner(childTagged(node, 'argExpr')), ...(childTagged(node, 'arguments')?.children ?? [])]
      return rewriteCall(
        xqx('functionCallExpr', [xqxText('functionName', name.text ?? '', name.attrs), xqx('arguments', args)]),
        contextIsNode,
      )
    }
    case 'simpleMapExpr':
      return withChildren(
        node,
        node.children.map((c, i) => rewrite(c, i === 0 ? contextIsNode : false)),
      )
    case 'inlineFunctionExpr':
      return recurse(node, false)
    default:
      return recurse(node, contextIsNode)
  }
}

function recurse(node: XqxNode, contextIsNode: boolean): XqxNode {
  if (node.children.length === 0) return node
  return withChildren(
    node,
    node.children.map((c) => rewrite(c, contextIsNode)),
  )
}

function operands(node: XqxNode, contextIsNode: boolean): [XqxNode, XqxNode] {
  return [
    rewrite(inner(childTagged(node, 'firstOperand')), contextIsNode),
    rewrite(inner(childTagged(node, 'secondOperand')), contextIsNode),
  ]
}

/** XP-AR-2: `svcx:num((E)[1])` unless E is statically numeric, or a date, time or duration (3.1 arithmetic). */
function numeric(expr: XqxNode): XqxNode {
  if (isNumericSingle(expr) || isTemporal(expr)) return expr
  return internalCall('num', [firstItem(expr)], 'xs:anyAtomicType?')
}

/**
 * The static type of an arithmetic result: the engine's own when nothing was converted; numeric when
 * both operands are numbers (converted ones included), unknown when a date or duration takes part.
 */
function arithmeticType(node: XqxNode, left: XqxNode, right: XqxNode, l: XqxNode, r: XqxNode): string | undefined {
  if (l === left && r === right) return node.attrs['type']
  return isTemporal(left) || isTemporal(right) ? undefined : NUMERIC_RESULT
}

function rewriteComparison(node: XqxNode, name: string, contextIsNode: boolean): XqxNode {
  const [left, right] = operands(node, contextIsNode)
  // numbers with numbers, booleans with booleans and string equality already follow XP-CMP
  const native =
    (isNumericSingle(left) && isNumericSingle(right)) ||
    (isBooleanSingle(left) && isBooleanSingle(right)) ||
    ((name === 'eq' || name === 'ne') && isStringSingle(left) && isStringSingle(right))
  if (native) return binary(node.tag, left, right, 'xs:boolean')
  return internalCall(name, [arrayOf(left), arrayOf(right)], 'xs:boolean')
}

function isFilterStep(step: XqxNode): boolean {
  return step.tag === 'stepExpr' && childTagged(step, 'filterExpr') !== undefined
}

/** XP-PATH-1/2 guards around the steps of a path. */
function rewritePath(node: XqxNode, contextIsNode: boolean): XqxNode {
  const parts = node.children
  const rooted = parts[0]?.tag === 'rootExpr'
  const steps = (rooted ? parts.slice(1) : parts).map((step, i) =>
    rewriteStep(step, i === 0 && !rooted ? contextIsNode : true),
  )
  const out: XqxNode[] = []
  if (rooted && !contextIsNode) {
    // `/` from a context item that may be atomic: its root when it is a node
    out.push(filterStep(nodesOf(CONTEXT_ITEM)), filterStep(functionCall('', 'root', [], 'node()')))
  } else if (rooted) out.push(parts[0]!)
  else if (steps[0] && !isFilterStep(steps[0]) && !contextIsNode) out.push(filterStep(nodesOf(CONTEXT_ITEM)))
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!
    out.push(step)
    const last = i === steps.length - 1
    if (last || !isFilterStep(step) || stepYieldsNodes(step, i === 0 && !rooted ? contextIsNode : true)) continue
    // items on the left of `/` that are not nodes are dropped (XP-PATH-1)
    const left = out.length === 1 ? stepAsExpression(step) : xqx('pathExpr', out.splice(0))
    out.length = 0
    out.push(filterStep(nodesOf(left)))
  }
  if (out.length === 1 && isFilterStep(out[0]!) && out[0]!.children.length === 1) return inner(out[0]!.children[0])
  return withChildren(node, out)
}

function stepAsExpression(step: XqxNode): XqxNode {
  return step.children.length === 1 ? inner(step.children[0]) : xqx('pathExpr', [step])
}

function stepYieldsNodes(step: XqxNode, contextIsNode: boolean): boolean {
  if (step.attrs['type'] && isNodes(step)) return true
  const base = inner(childTagged(step, 'filterExpr'))
  if (base.tag === 'contextItemExpr') return contextIsNode
  return isNodes(base)
}

function rewriteStep(step: XqxNode, contextIsNode: boolean): XqxNode {
  if (step.tag !== 'stepExpr') return rewrite(step, contextIsNode)
  const filter = childTagged(step, 'filterExpr')
  return withChildren(
    step,
    step.children.map((part) => {
      if (part === filter) return xqx('filterExpr', [rewrite(inner(part), contextIsNode)])
      // predicates of an axis step see nodes; those of a filter expression may see atomic items
      if (part.tag === 'predicates' || part.tag === 'predicate' || part.tag === 'lookup')
        return recurse(part, filter === undefined)
      return part
    }),
  )
}

/** XP-NAME-1, XP-STR-1, FN-0-2: argument conversion for calls of gateway functions. */
function rewriteCall(node: XqxNode, contextIsNode: boolean): XqxNode {
  const name = childTagged(node, 'functionName')!
  const prefix = name.attrs['prefix'] ?? ''
  const local = name.text ?? ''
  let args = (childTagged(node, 'arguments')?.children ?? []).map((a) =>
    a.tag === 'argumentPlaceholder' ? a : rewrite(a, contextIsNode),
  )
  const gateway =
    (prefix === '' && resolvesToGateway(local, args.length)) ||
    (prefix === GATEWAY_PREFIX && name.attrs['URI'] === undefined)
  const spec = gateway ? extensionFunction(local) : undefined
  if (spec === undefined || args.some((a) => a.tag === 'argumentPlaceholder')) return rebuildCall(node, name, args)
  // the form without its last argument reads the context item (`tolower()`, `has-class('x')`)
  if (spec.contextDefault && args.length === spec.max - 1) args = [...args, CONTEXT_ITEM]
  args = args.map((arg, i) => convertArgument(arg, paramKind(spec, i)))
  if (local === 'concat' && args.length > MAX_CONCAT_ARITY) {
    // nested calls keep every arity within the registered ones
    while (args.length > MAX_CONCAT_ARITY) {
      const head = args.slice(0, MAX_CONCAT_ARITY)
      args = [functionCall(prefix, local, head, 'xs:string'), ...args.slice(MAX_CONCAT_ARITY)]
    }
  }
  return rebuildCall(node, name, args, spec.result)
}

function rebuildCall(node: XqxNode, name: XqxNode, args: readonly XqxNode[], type?: string): XqxNode {
  return xqx('functionCallExpr', [name, xqx('arguments', args)], type ? { ...node.attrs, type } : node.attrs)
}

function convertArgument(arg: XqxNode, kind: ReturnType<typeof paramKind>): XqxNode {
  // typed values (dates, durations) keep their type on the way to JavaScript, as results do
  if (kind === 'any') return arrayOf(isPlainResult(arg) ? arg : functionCall(INTERNAL_MODULE_PREFIX, 'result', [arg]))
  // typed values (dates, durations) reach JavaScript as Date objects: cast them to xs:string first
  if (kind === 'string' && isTypedAtomic(arg)) return functionCall('fn', 'string', [firstItem(arg)], 'xs:string')
  return firstItem(arg)
}
