/**
 * The `in` and `out` attributes of the content actions (`copy`, `regex`, `nameshave`, `xslt`, `serve`;
 * flows.md F-LOC-1, F-VAR-3): `in` is any readable location (dyn), the main content when absent;
 * `out` is static and writable (a variable or a content location), the main content when absent. A
 * read-only `out` is a CE (F-LOC-1, ACT-copy-3). A variable named by `out` counts as set (XC-7).
 */
import { parseLocation } from '../../../runtime/context/location.js'
import type { WritableLocationNode } from '../../ir/content-actions.js'
import type { LocationNode } from '../../ir/statements.js'
import { attributeOf, type LowerContext } from '../lower-context.js'
import type { XmlElement } from '../parse-xml.js'
import { locationAttribute } from '../values.js'

/** `in`: the main content when absent; undefined after a reported CE. */
export function inputLocation(element: XmlElement, ctx: LowerContext): LocationNode | undefined {
  const location = locationAttribute(element, ctx, 'in')
  return location === null ? { kind: 'main-content', loc: ctx.elementLoc(element) } : location
}

/** `out`: the main content when absent; undefined after a reported CE. */
export function outputLocation(element: XmlElement, ctx: LowerContext): WritableLocationNode | undefined {
  const attribute = attributeOf(element, 'out')
  if (!attribute) return { kind: 'main-content', loc: ctx.elementLoc(element) }
  const loc = ctx.attributeLoc(attribute)
  const text = ctx.attributeValue(attribute).text
  const parsed = parseLocation(text, ctx.dir)
  if (!parsed.ok) {
    ctx.bag.error(
      'flow/invalid-location',
      loc,
      `invalid location "${text}" in out of <${element.name}>: ${parsed.reason}`,
    )
    return undefined
  }
  const location = parsed.location
  switch (location.kind) {
    case 'variable':
      ctx.assigned.add(location.name)
      return { ...location, loc }
    case 'main-content':
    case 'upstream-content':
      return { ...location, loc }
    case 'empty-document':
    case 'file':
      ctx.bag.error(
        'flow/read-only-location',
        loc,
        `out of <${element.name}> must be a variable or a content location; "${text}" is read-only`,
      )
      return undefined
  }
}
