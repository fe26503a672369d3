/**
 * `<backend-flow request="ID">ACTIONS</backend-flow>` (actions.md ACT-backend-flow-1): a container of
 * statements, lowered like the body of a control element, with the common action attributes `if`
 * and `debug` and the static `request` ID (UP-GEN-2 syntax; absent or `""`: the catch-all, decided).
 * The caller passes its block lowering, so this module needs nothing of lower-flow.ts.
 */
import { isRequestId } from '../../runtime/upstream/request-id.js'
import type { StatementNode } from '../ir/statements.js'
import type { BackendFlowNode } from '../ir/statements.js'
import { checkAttributeNames, COMMON_ACTION_ATTRIBUTES, debugTopics, lowerCondition } from './attributes.js'
import { attributeOf, type LowerContext } from './lower-context.js'
import type { XmlElement } from './parse-xml.js'

export type BlockLowering = (container: XmlElement, ctx: LowerContext) => StatementNode[]

export function lowerBackendFlow(
  element: XmlElement,
  ctx: LowerContext,
  lowerBlock: BlockLowering,
): BackendFlowNode | undefined {
  checkAttributeNames(element, ctx, ['request', ...COMMON_ACTION_ATTRIBUTES])
  const condition = lowerCondition(element, ctx)
  const debug = debugTopics(element, ctx)
  const attribute = attributeOf(element, 'request')
  const text = attribute === undefined ? '' : ctx.attributeValue(attribute).text
  let valid = true
  if (attribute !== undefined && text !== '' && !isRequestId(text)) {
    ctx.bag.error(
      'flow/invalid-request-id',
      ctx.attributeLoc(attribute),
      `invalid request ID "${text}" in request of <backend-flow>: use a letter or _, then letters, digits, _ or -`,
    )
    valid = false
  }
  const body = lowerBlock(element, ctx)
  if (!valid || condition === undefined) return undefined
  return {
    kind: 'backend-flow',
    loc: ctx.elementLoc(element),
    tag: ctx.tagText(element),
    condition,
    debug,
    request: text === '' ? null : text,
    body,
  }
}
