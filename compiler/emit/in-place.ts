/**
 * Whether a template can run over its input's JSON text in place (runtime/template/json-loop.ts,
 * issue 22): its input is read only by `{{loop}}`s at the top level over `.` or a child path, whose
 * bodies hold only literal text, `{{,}}` and `{{ child/path }}` values of the item; and it assigns no
 * variable. Such a template needs no node, value or variable made from its input: the runtime then
 * reads JSON content not decoded yet as text, and hands anything else back to the usual run.
 */
import type { TemplateExpr, TemplateNode, TemplatePart } from '../ir/template.js'
import type { XPathNode } from '../ir/xpath.js'
import { childPathOf } from './xpath.js'

/** True when the template reads its input only through loops that copy child paths of the items. */
export function readsInputInPlace(node: TemplateNode): boolean {
  if (node.assigned.length > 0) return false
  let loops = 0
  for (const part of node.body) {
    if (part.kind === 'loop') {
      if (!isLoopSource(part.expr) || !part.body.every(isItemCopy)) return false
      loops++
    } else if (part.kind !== 'text' && part.kind !== 'comma') return false
  }
  return loops > 0
}

/** `.` or a child path of the context item. */
function isLoopSource(expr: TemplateExpr): boolean {
  const plan = onlyOperand(expr)?.plan
  return plan?.tier === 'fast' && (plan.expr.kind === 'context' || childPathOf(plan.expr) !== null)
}

/** Literal text, `{{,}}`, or a child path of the item written as a value. */
function isItemCopy(part: TemplatePart): boolean {
  if (part.kind === 'text' || part.kind === 'comma') return true
  if (part.kind !== 'value') return false
  const plan = onlyOperand(part.expr)?.plan
  return plan?.tier === 'fast' && childPathOf(plan.expr) !== null
}

function onlyOperand(expr: TemplateExpr): XPathNode | undefined {
  return expr.operands.length === 1 ? expr.operands[0] : undefined
}
