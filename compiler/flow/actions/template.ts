/**
 * `<template in out src check>TEMPLATE</template>` (actions.md ACT-template-1..5, templates.md T-SRC-1,
 * T-CHK): `in` is a location (dyn) or `""` for no input (T-CTX-1); `out` a static writable location
 * (a variable or a content location; the main content by default); body and `src` exclusive; `check`
 * a static boolean. A variable named by `out` counts as set (XC-7).
 */
import { parseLocation } from '../../../runtime/context/location.js'
import type { LocationNode } from '../../ir/statements.js'
import { attributeOf, type LowerContext } from '../lower-context.js'
import type { XmlElement } from '../parse-xml.js'
import { booleanAttribute, locationAttribute } from '../values.js'
import { emptyTemplate, templateBody } from './template-body.js'
import type { ActionEntry } from './types.js'

export const TEMPLATE: ActionEntry<'template'> = {
  name: 'template',
  inputs: (node) => [node.input, node.template],
  lower(element, ctx, fields) {
    const input = inputAttribute(element, ctx)
    const output = outputAttribute(element, ctx)
    const check = booleanAttribute(element, ctx, 'check')
    const template = templateBody(element, ctx, true)
    if (input === undefined || output === undefined || check === undefined || template === undefined) return undefined
    return {
      kind: 'template',
      ...fields,
      input,
      output: output ?? { kind: 'main-content', loc: fields.loc },
      template: template ?? emptyTemplate(element, ctx),
      check: check ?? true,
    }
  },
}

/** `in`: null for `in=""` (no input); the main content when absent; undefined after a CE. */
function inputAttribute(element: XmlElement, ctx: LowerContext): LocationNode | null | undefined {
  const attribute = attributeOf(element, 'in')
  if (attribute && ctx.attributeValue(attribute).text === '') return null
  const location = locationAttribute(element, ctx, 'in')
  return location === null ? { kind: 'main-content', loc: ctx.elementLoc(element) } : location
}

/** `out`: a variable, `svc://request/content` or `svc://request/content/<id>` (not dyn); null when absent. */
function outputAttribute(element: XmlElement, ctx: LowerContext): LocationNode | null | undefined {
  const attribute = attributeOf(element, 'out')
  if (!attribute) return null
  const loc = ctx.attributeLoc(attribute)
  const text = ctx.attributeValue(attribute).text
  const parsed = parseLocation(text, ctx.dir)
  if (!parsed.ok) {
    ctx.bag.error('flow/invalid-location', loc, `invalid location "${text}" in out of <template>: ${parsed.reason}`)
    return undefined
  }
  const location = parsed.location
  if (location.kind === 'variable') ctx.assigned.add(location.name)
  else if (location.kind !== 'main-content' && location.kind !== 'upstream-content') {
    ctx.bag.error(
      'flow/invalid-location',
      loc,
      `out of <template> must be a variable or a content location, not "${text}"`,
    )
    return undefined
  }
  return { ...location, loc }
}
