/**
 * The gateway rewrite of an expression for the engine (xpath-functions.md section 12). It implements
 * XP-CMP-1..7 (general comparisons call `svcx:eq` … `svcx:ge`), XP-AR-1..3 (operands through
 * `svcx:num`, `div`/`idiv`/`mod` through `svcx:div` …), XP-PATH-1/2 (`svcx:nodes` on the left of a
 * step and before relative paths whose context may be atomic, `svcx:root` for `/`), XP-STR-1 and
 * FN-0-2 (arguments of gateway functions: the first item `(E)[1]`, whole sequences as `array{E}`,
 * the context item for argument-less forms) and keeps typed results intact (`svcx:result`).
 * Statically numeric, string or boolean operands are left to the engine, which gives the same result.
 */
import { extensionFunction, paramKind, resolvesToGateway } from '../registry.js'
import { GATEWAY_PREFIX, INTERNAL_PREFIX } from '../namespaces.js'
import {
  isAtMostOne,
  isBooleanSingle,
  isNodes,
  isNonZeroNumericLiteral,
  isNumericSingle,
  isPlainResult,
  isStringSingle,
  isTypedAtomic,
} from './static-type.js'
import { childTagged, inner, withChildren, xqx, xqxText, type XqxNode } from './xqx-node.js'

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

/** Rewrites a whole expression (the top level, whose context item may be atomic). */
export function rewriteExpression(ast: XqxNode): XqxNode {
  const rewritten = rewrite(ast, false)
  return isPlainResult(ast) ? rewritten : internalCall('result', [rewritten])
}

/** A call of an internal helper; `type` annotates its result for later static checks. */
export function internalCall(name: string, args: readonly XqxNode[], type?: string): XqxNode {
  return functionCall(INTERNAL_PREFIX, name, args, type)
}

export function functionCall(prefix: string, name: string, args: readonly XqxNode[], type?: string): XqxNode {
  return xqx('functionCallExpr', [xqxText('functionName', name, { prefix }), xqx('arguments', args)], type ? { type } : undefined)
}

function binary(tag: string, left: XqxNode, right: XqxNode, type?: string): XqxNode {
  return xqx('' + tag, [xqx('firstOperand', [left]), xqx('secondOperand', [right])], type ? { type } : undefined)
}

/** `(E)[1]` */
function firstItem(expr: XqxNode): XqxNode {
  const one = xqx('integerConstantExpr', [xqxText('value', '1')], { type: 'xs:integer' })
  return xqx('pathExpr', [xqx('stepExpr', [xqx('filterExpr', [expr]), xqx('predicates', [one])])])
}

/** `array{E}` */
function arrayOf(expr: XqxNode): XqxNode {
  return xqx('arrayConstructor', [xqx('curlyArray', [xqx('arrayElem', [expr])])], { type: 'array(*)' })
}

function filterStep(expr: XqxNode): XqxNode {
  return xqx('stepExpr', [xqx('filterExpr', [expr])], expr.attrs['type'] ? { type: expr.attrs['type'] } : undefined)
}

const CONTEXT_ITEM = xqx('contextItemExpr')

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
      // without conversions the engine's static type still holds
      return binary(node.tag, l, r, l === left && r === right ? node.attrs['type'] : undefined)
    }
    case 'divOp':
    case 'modOp': {
      const [left, right] = operands(node, contextIsNode)
      // a non-zero literal divisor cannot divide by zero (XP-AR-3)
      if (isNonZeroNumericLiteral(right)) {
        const l = numeric(left)
        return binary(node.tag, l, right, l === left ? node.attrs['type'] : undefined)
      }
      return internalCall(node.tag === 'divOp' ? 'div' : 'mod', [left, right], numericResult(node.tag, left, right))
    }
    case 'idivOp': {
      const [left, right] = operands(node, contextIsNode)
      return internalCall('idiv', [left, right], 'xs:numeric?')
    }
    case 'unaryMinusOp':
    case 'unaryPlusOp': {
      const operand = rewrite(inner(childTagged(node, 'operand')), contextIsNode)
      const converted = numeric(operand)
      return xqx(node.tag, [xqx('operand', [converted])], converted === operand ? node.attrs : undefined)
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
      return rewriteCall(xqx('functionCallExpr', [xqxText('functionName', name.text ?? '', name.attrs), xqx('arguments', args)]), contextIsNode)
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
  return [rewrite(inner(childTagged(node, 'firstOperand')), contextIsNode), rewrite(inner(childTagged(node, 'secondOperand')), contextIsNode)]
}

/** `mod` is numeric only; `div` also divides durations, so only numeric operands give a numeric type. */
function numericResult(tag: string, left: XqxNode, right: XqxNode): string | undefined {
  return tag === 'modOp' || (isNumericSingle(left) && isNumericSingle(right)) ? 'xs:numeric?' : undefined
}

/** XP-AR-2: `svcx:num(E)` unless E is statically numeric. */
function numeric(expr: XqxNode): XqxNode {
  return isNumericSingle(expr) ? expr : internalCall('num', [expr], 'xs:anyAtomicType?')
}

function rewriteComparison(node: XqxNode, name: string, contextIsNode: boolean): XqxNode {
  const [left, right] = operands(node, contextIsNode)
  // numbers with numbers, booleans with booleans and string equality already follow XP-CMP
  const native =
    (isNumericSingle(left) && isNumericSingle(right)) ||
    (isBooleanSingle(left) && isBooleanSingle(right)) ||
    ((name === 'eq' || name === 'ne') && isStringSingle(left) && isStringSingle(right))
  if (native) return binary(node.tag, left, right, 'xs:boolean')
  return internalCall(name, [left, right], 'xs:boolean')
}

function isFilterStep(step: XqxNode): boolean {
  return step.tag === 'stepExpr' && childTagged(step, 'filterExpr') !== undefined
}

/** XP-PATH-1/2 guards around the steps of a path. */
function rewritePath(node: XqxNode, contextIsNode: boolean): XqxNode {
  const parts = node.children
  const rooted = parts[0]?.tag === 'rootExpr'
  const steps = (rooted ? parts.slice(1) : parts).map((step, i) => rewriteStep(step, i === 0 && !rooted ? contextIsNode : true))
  const out: XqxNode[] = []
  if (rooted) out.push(contextIsNode ? parts[0]! : filterStep(internalCall('root', [CONTEXT_ITEM], 'node()?')))
  else if (steps[0] && !isFilterStep(steps[0]) && !contextIsNode) out.push(filterStep(internalCall('nodes', [CONTEXT_ITEM], 'node()*')))
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!
    out.push(step)
    const last = i === steps.length - 1
    if (last || !isFilterStep(step) || stepYieldsNodes(step, i === 0 && !rooted ? contextIsNode : true)) continue
    // items on the left of `/` that are not nodes are dropped (XP-PATH-1)
    const left = out.length === 1 ? stepAsExpression(step) : xqx('pathExpr', out.splice(0))
    out.length = 0
    out.push(filterStep(internalCall('nodes', [left], 'node()*')))
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
      if (part.tag === 'predicates' || part.tag === 'predicate' || part.tag === 'lookup') return recurse(part, filter === undefined)
      return part
    }),
  )
}

/** XP-NAME-1, XP-STR-1, FN-0-2: argument conversion for calls of gateway functions. */
function rewriteCall(node: XqxNode, contextIsNode: boolean): XqxNode {
  const name = childTagged(node, 'functionName')!
  const prefix = name.attrs['prefix'] ?? ''
  const local = name.text ?? ''
  let args = (childTagged(node, 'arguments')?.children ?? []).map((a) => (a.tag === 'argumentPlaceholder' ? a : rewrite(a, contextIsNode)))
  const gateway = (prefix === '' && resolvesToGateway(local, args.length)) || (prefix === GATEWAY_PREFIX && name.attrs['URI'] === undefined)
  const spec = gateway ? extensionFunction(local) : undefined
  if (spec === undefined || args.some((a) => a.tag === 'argumentPlaceholder')) return rebuildCall(node, name, args)
  if (args.length === 0 && spec.contextDefault) args = [CONTEXT_ITEM]
  args = args.map((arg, i) => convertArgument(arg, paramKind(spec, i)))
  if (local === 'concat' && args.length > MAX_CONCAT_ARITY) {
    // nested calls keep every arity within the registered ones
    while (args.length > MAX_CONCAT_ARITY) {
      const head = args.slice(0, MAX_CONCAT_ARITY)
      args = [functionCall(prefix, local, head, 'xs:string'), ...args.slice(MAX_CONCAT_ARITY)]
    }
  }
  return rebuildCall(node, name, args)
}

function rebuildCall(node: XqxNode, name: XqxNode, args: readonly XqxNode[]): XqxNode {
  return xqx('functionCallExpr', [name, xqx('arguments', args)], node.attrs)
}

function convertArgument(arg: XqxNode, kind: ReturnType<typeof paramKind>): XqxNode {
  if (kind === 'any') return arrayOf(arg)
  // typed values (dates, durations) reach JavaScript as Date objects: cast them to xs:string first
  if (kind === 'string' && isTypedAtomic(arg)) return functionCall('fn', 'string', [isAtMostOne(arg) ? arg : firstItem(arg)], 'xs:string')
  return isAtMostOne(arg) ? arg : firstItem(arg)
}
