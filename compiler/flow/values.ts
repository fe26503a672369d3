/**
 * Typed attribute values shared by several actions: dyn strings (F-EXPR-4), statuses (F-RESP-2),
 * `mime` (F-RESP-5), locations (F-LOC-1, F-LOC-2), `out` variables (F-VAR-1) and booleans (F-DOC-6).
 * The rules that the run time applies to dynamic values come from runtime/flow/actions, so both
 * sides agree.
 */
import { parseLocation } from '../../runtime/context/location.js'
import { checkVariableName } from '../../runtime/context/variable-name.js'
import { hasControlCharacter } from '../../runtime/flow/actions/mime.js'
import { statusOf } from '../../runtime/flow/actions/status.js'
import type { LocationNode, TextValue, VariableRef } from '../ir/statements.js'
import { lowerDynamicValue, staticText } from './dynamic-value.js'
import { attributeOf, type LowerContext } from './lower-context.js'
import type { XmlElement } from './parse-xml.js'

/** A dyn attribute: null when absent, undefined after a reported CE. */
export function dynamicAttribute(element: XmlElement, ctx: LowerContext, name: string): TextValue | null | undefined {
  const attribute = attributeOf(element, name)
  if (!attribute) return null
  return lowerDynamicValue(ctx.attributeValue(attribute), ctx.attributeLoc(attribute), ctx)
}

/** A status attribute (dyn); a static invalid value is a CW and gives 500 at run time (F-RESP-2). */
export function statusAttribute(element: XmlElement, ctx: LowerContext, name: string): TextValue | null | undefined {
  const value = dynamicAttribute(element, ctx, name)
  const text = value ? staticText(value) : undefined
  if (value && text !== undefined && statusOf(text) === undefined) {
    ctx.bag.warning(
      'flow/invalid-status',
      value.loc,
      `invalid status "${text}"; status 500 is sent instead (valid: 200-599)`,
    )
  }
  return value
}

/**
 * A `mime` attribute (dyn). Statically empty counts as absent (null, F-RESP-5 step 1); static
 * control characters are a CE (F-DOC-6; the run time makes the same an RF).
 */
export function mimeAttribute(element: XmlElement, ctx: LowerContext): TextValue | null | undefined {
  const value = dynamicAttribute(element, ctx, 'mime')
  if (!value) return value
  const text = staticText(value)
  if (text === undefined) return value
  if (text.trim() === '') return null
  if (hasControlCharacter(text)) {
    ctx.bag.error(
      'flow/invalid-attribute',
      value.loc,
      `invalid mime ${JSON.stringify(text)}: control characters are not allowed`,
    )
    return undefined
  }
  return { ...value, parts: [text.trim()] }
}

/** A location attribute (dyn); static values are parsed now (F-LOC-1), dynamic ones at run time. */
export function locationAttribute(
  element: XmlElement,
  ctx: LowerContext,
  name: string,
): LocationNode | null | undefined {
  const value = dynamicAttribute(element, ctx, name)
  if (!value) return value
  const text = staticText(value)
  if (text === undefined) return { kind: 'dynamic', loc: value.loc, value, dir: ctx.dir }
  const parsed = parseLocation(text, ctx.dir)
  if (!parsed.ok) {
    ctx.bag.error(
      'flow/invalid-location',
      value.loc,
      `invalid location "${text}" in ${name} of <${element.name}>: ${parsed.reason}`,
    )
    return undefined
  }
  return { ...parsed.location, loc: value.loc }
}

/**
 * An `out` attribute naming a variable (F-VAR-1, ACT-eval-3): `$name`, not `$xml...`, not a
 * location. Valid names are recorded as assigned (for XC-7) even when the action fails later.
 */
export function variableAttribute(
  element: XmlElement,
  ctx: LowerContext,
  name: string,
): VariableRef | null | undefined {
  const attribute = attributeOf(element, name)
  if (!attribute) return null
  const loc = ctx.attributeLoc(attribute)
  const text = ctx.attributeValue(attribute).text
  const check = checkVariableName(text)
  if (check === 'valid') {
    ctx.assigned.add(text.slice(1))
    return { kind: 'variable', loc, name: text.slice(1) }
  }
  const message = !text.startsWith('$')
    ? `${name} of <${element.name}> must name a variable ($name), not "${text}"`
    : check === 'reserved'
      ? `invalid variable name ${text}: names starting with xml are reserved`
      : `invalid variable name ${text}: use $ then a letter or _, then letters, digits, _ or -`
  ctx.bag.error('flow/invalid-variable', loc, message)
  return undefined
}

/** A static `true`/`false` attribute (F-DOC-6): null when absent, undefined after a CE. */
export function booleanAttribute(element: XmlElement, ctx: LowerContext, name: string): boolean | null | undefined {
  const attribute = attributeOf(element, name)
  if (!attribute) return null
  const text = ctx.attributeValue(attribute).text
  if (text === 'true' || text === 'false') return text === 'true'
  ctx.bag.error(
    'flow/invalid-attribute',
    ctx.attributeLoc(attribute),
    `invalid value "${text}" for ${name} of <${element.name}>; expected true or false`,
  )
  return undefined
}
