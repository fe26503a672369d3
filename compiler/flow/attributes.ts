/**
 * Attribute rules shared by all elements: unknown attributes are a CW and ignored, a missing required
 * attribute is a CE at the element's `<` (flows.md F-DOC-6, F-DOC-9); the common action attributes
 * `if` (F-CTL-6) and `debug` (F-DBG-1, ACT-COMMON-1).
 */
import { suggest } from '../diagnostics/did-you-mean.js'
import type { XPathNode } from '../ir/xpath.js'
import { lowerExpression } from './expression.js'
import { attributeOf, type LowerContext } from './lower-context.js'
import type { XmlElement } from './parse-xml.js'

/** Attributes every action accepts (ACT-COMMON-1). */
export const COMMON_ACTION_ATTRIBUTES = ['if', 'debug'] as const

/**
 * Warns about attributes not in `allowed` (skipping `handled`, which the caller reports itself) and
 * reports missing `required` ones. Returns false when a required attribute is missing.
 */
export function checkAttributeNames(
  element: XmlElement,
  ctx: LowerContext,
  allowed: readonly string[],
  required: readonly string[] = [],
  handled: readonly string[] = [],
): boolean {
  for (const attribute of element.attributes) {
    if (allowed.includes(attribute.name) || handled.includes(attribute.name)) continue
    const hint = suggest(attribute.name, allowed)
    ctx.bag.warning(
      'flow/unknown-attribute',
      ctx.attributeLoc(attribute),
      `unknown attribute ${attribute.name} on <${element.name}>${hint.suffix}`,
      hint.names,
    )
  }
  let complete = true
  for (const name of required) {
    if (attributeOf(element, name)) continue
    ctx.bag.error(
      'flow/missing-attribute',
      ctx.elementLoc(element),
      `missing required attribute ${name} on <${element.name}>`,
    )
    complete = false
  }
  return complete
}

/** The `if` attribute as an expression: null when absent, undefined after a reported CE. */
export function lowerCondition(element: XmlElement, ctx: LowerContext): XPathNode | null | undefined {
  const attribute = attributeOf(element, 'if')
  if (!attribute) return null
  return lowerExpression(
    ctx.attributeValue(attribute),
    ctx,
    ctx.attributeLoc(attribute),
    `if attribute of <${element.name}>`,
  )
}

/** F-DBG-1: comma-separated topic names; invalid names give a CW and are dropped. */
export function debugTopics(element: XmlElement, ctx: LowerContext): string[] {
  const attribute = attributeOf(element, 'debug')
  if (!attribute) return []
  const topics: string[] = []
  for (const entry of ctx.attributeValue(attribute).text.split(',')) {
    const topic = entry.trim()
    if (topic === '') continue
    if (/^[A-Za-z0-9_.-]+$/.test(topic)) {
      if (!topics.includes(topic)) topics.push(topic)
    } else {
      ctx.bag.warning(
        'flow/invalid-debug-topic',
        ctx.attributeLoc(attribute),
        `invalid debug topic "${topic}"; topic names consist of letters, digits, _, - and .`,
      )
    }
  }
  return topics
}
