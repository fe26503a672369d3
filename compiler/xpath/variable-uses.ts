/**
 * How an expression reads its variables (flows.md F-VAR-7, upstream.md UP-GEN-6), from its tree: a
 * free variable reference followed by a child step by name reads only that child (`$request/headers`);
 * any other reference may read the whole value. An expression that climbs from nodes (`..`, other
 * reverse or sibling axes, `root()`, a path from `/`) is marked, since a node it was given may lead to
 * the rest of its tree. Literal `sort()` keys (FN-sort-2) are analysed the same way; a computed key,
 * or `sort` called through a function reference, may read anything.
 */
import { childTagged, freeVariables, parseExpressionText, walkXqx, type XqxNode } from '../../runtime/xpath/index.js'
import { VariableUsesBuilder } from '../ir/variable-uses-builder.js'
import type { VariableUses } from '../ir/xpath.js'

const CLIMBING_AXES = new Set([
  'parent',
  'ancestor',
  'ancestor-or-self',
  'preceding',
  'preceding-sibling',
  'following',
  'following-sibling',
])

export function variableUses(ast: XqxNode): VariableUses {
  const uses = new VariableUsesBuilder()
  const free = new Set(freeVariables(ast))
  const stepped = new Map<XqxNode, string>()
  walkXqx(ast, (node) => {
    if (node.tag === 'pathExpr') {
      const leading = leadingChildStep(node)
      if (leading) stepped.set(leading.ref, leading.child)
    }
  })
  walkXqx(ast, (node) => {
    switch (node.tag) {
      case 'varRef': {
        const name = variableName(node)
        if (!free.has(name)) return
        const child = stepped.get(node)
        if (child === undefined) uses.addWhole(name)
        else uses.addStep(`${name}/${child}`)
        return
      }
      case 'xpathAxis':
        if (CLIMBING_AXES.has(node.text ?? '')) uses.climb()
        return
      case 'rootExpr':
        uses.climb()
        return
      case 'namedFunctionRef':
        if (localName(childTagged(node, 'functionName')) === 'sort') uses.readsAnything()
        return
    }
    const call = functionCall(node)
    if (call === undefined) return
    if (call.name === 'root') uses.climb()
    if (call.name !== 'sort' || call.prefix === 'array') return
    const key = call.args[1]
    if (key === undefined) return
    const keyUses = sortKeyUses(key)
    if (keyUses === undefined) uses.readsAnything()
    else uses.add(keyUses)
  })
  return uses.build()
}

/** `$name/child…`: the variable reference and the child name, when a path starts that way. */
function leadingChildStep(path: XqxNode): { ref: XqxNode; child: string } | undefined {
  const [first, second] = path.children
  const filter = first?.tag === 'stepExpr' && first.children.length === 1 ? childTagged(first, 'filterExpr') : undefined
  const ref = filter?.children.length === 1 ? childTagged(filter, 'varRef') : undefined
  if (ref === undefined || second?.tag !== 'stepExpr') return undefined
  const axis = childTagged(second, 'xpathAxis')
  const test = childTagged(second, 'nameTest')
  if (axis?.text !== 'child' || test === undefined || test.attrs['prefix']) return undefined
  return { ref, child: test.text ?? '' }
}

/** As compiler/xpath/check-literal-arguments.ts: `f(a, b)` and `a => f(b)`, with the name's prefix. */
function functionCall(
  node: XqxNode,
): { name: string; prefix: string | undefined; args: readonly XqxNode[] } | undefined {
  if (node.tag === 'functionCallExpr') {
    const name = childTagged(node, 'functionName')
    return {
      name: name?.text ?? '',
      prefix: name?.attrs['prefix'],
      args: childTagged(node, 'arguments')?.children ?? [],
    }
  }
  if (node.tag === 'arrowExpr') {
    const name = childTagged(node, 'EQName')
    const first = childTagged(node, 'argExpr')?.children[0]
    return {
      name: name?.text ?? '',
      prefix: name?.attrs['prefix'],
      args: [...(first ? [first] : []), ...(childTagged(node, 'arguments')?.children ?? [])],
    }
  }
  return undefined
}

/** The uses of a literal key; undefined for a computed one (or one that does not parse). */
function sortKeyUses(key: XqxNode): VariableUses | undefined {
  if (key.tag !== 'stringConstantExpr') return undefined
  const text = childTagged(key, 'value')?.text ?? ''
  if (text.trim() === '') return { steps: [], whole: [], climbs: false, dynamic: false }
  const parsed = parseExpressionText(text)
  return parsed.ok ? variableUses(parsed.ast) : undefined
}

/** As runtime/xpath/ast/free-variables.ts names a reference: `prefix:name` or `name`. */
function variableName(ref: XqxNode): string {
  const name = childTagged(ref, 'name')
  const prefix = name?.attrs['prefix']
  return prefix ? `${prefix}:${name?.text ?? ''}` : (name?.text ?? '')
}

function localName(name: XqxNode | undefined): string {
  return (name?.text ?? '').replace(/^.*:/, '')
}
