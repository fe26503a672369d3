/**
 * The variables an expression reads from outside (xpath-functions.md XP-VAR-3, XC-7): every `$name`
 * not bound by `for`, `let`, `some`/`every` or an inline function's parameters, in order of first
 * appearance. The engine must be given each of them (unset ones as the empty sequence).
 */
import { childrenTagged, childTagged, inner, type XqxNode } from './xqx-node.js'

export function freeVariables(node: XqxNode): string[] {
  const found: string[] = []
  visit(node, new Set(), found)
  return found
}

function varName(holder: XqxNode | undefined): string {
  const name = holder ? (childTagged(holder, 'varName') ?? childTagged(holder, 'name')) : undefined
  if (!name) return ''
  const prefix = name.attrs['prefix']
  return prefix ? `${prefix}:${name.text ?? ''}` : (name.text ?? '')
}

function visit(node: XqxNode, bound: ReadonlySet<string>, found: string[]): void {
  switch (node.tag) {
    case 'varRef': {
      const name = varName(node)
      if (!bound.has(name) && !found.includes(name)) found.push(name)
      return
    }
    case 'flworExpr': {
      const scope = new Set(bound)
      for (const clause of node.children) {
        if (clause.tag === 'forClause' || clause.tag === 'letClause') {
          for (const item of clause.children) {
            const binding = childTagged(item, 'typedVariableBinding')
            const source = item.children.find((c) => c !== binding)
            if (source) visit(inner(source), scope, found)
            scope.add(varName(binding))
          }
        } else visit(clause, scope, found)
      }
      return
    }
    case 'quantifiedExpr': {
      const scope = new Set(bound)
      for (const clause of childrenTagged(node, 'quantifiedExprInClause')) {
        visit(inner(childTagged(clause, 'sourceExpr')), scope, found)
        scope.add(varName(childTagged(clause, 'typedVariableBinding')))
      }
      const predicate = childTagged(node, 'predicateExpr')
      if (predicate) visit(predicate, scope, found)
      return
    }
    case 'inlineFunctionExpr': {
      const scope = new Set(bound)
      for (const param of childrenTagged(childTagged(node, 'paramList') ?? node, 'param')) scope.add(varName(param))
      const body = childTagged(node, 'functionBody')
      if (body) visit(body, scope, found)
      return
    }
    default:
      for (const child of node.children) visit(child, bound, found)
  }
}
