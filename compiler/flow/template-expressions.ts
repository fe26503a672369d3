/**
 * The expressions of a template (templates.md T-EXPR-4: every `??` operand of every command), in
 * document order, for the checks (XC-7) and the read analysis that walk a flow's expressions.
 */
import type { TemplateNode, TemplatePart } from '../ir/template.js'
import type { XPathNode } from '../ir/xpath.js'

export function templateExpressions(template: TemplateNode | null): XPathNode[] {
  const out: XPathNode[] = []
  const walk = (parts: readonly TemplatePart[]): void => {
    for (const part of parts) {
      switch (part.kind) {
        case 'value':
        case 'pairs':
        case 'assign':
          out.push(...part.expr.operands)
          break
        case 'if':
          for (const branch of part.branches) {
            out.push(...branch.test.operands)
            walk(branch.body)
          }
          if (part.otherwise) walk(part.otherwise.body)
          break
        case 'loop':
        case 'with':
          out.push(...part.expr.operands)
          walk(part.body)
          if (part.kind === 'with' && part.otherwise) walk(part.otherwise.body)
          break
        case 'text':
        case 'comma':
        case 'dot':
          // no expression
          break
      }
    }
  }
  if (template) walk(template.body)
  return out
}
