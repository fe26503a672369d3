/**
 * `<request content url method>TEMPLATE</request>` (actions.md ACT-request-1..3, upstream.md
 * UP-GEN-1, UP-GEN-2, UP-CFG): three dyn attributes and a JSON template body, which may be empty when
 * `url` is given. Static values are checked now: the `content` ID, the `url`, and a static body's
 * whole configuration (ACT-COMMON-3); dynamic ones at run time.
 */
import { isRequestId } from '../../../runtime/upstream/request-id.js'
import { parseTargetUrl } from '../../../runtime/upstream/target-url.js'
import { checkStaticRequestConfig } from '../../definition/static-config.js'
import type { TextValue } from '../../ir/statements.js'
import { staticText } from '../dynamic-value.js'
import type { LowerContext } from '../lower-context.js'
import type { XmlElement } from '../parse-xml.js'
import { dynamicAttribute } from '../values.js'
import { configSources } from './config-sources.js'
import { checkStaticObject, templateBody } from './template-body.js'
import type { ActionEntry } from './types.js'

export const REQUEST: ActionEntry<'request'> = {
  name: 'request',
  inputs: (node) => [node.content, node.url, node.method, node.template],
  dataLocations: (node) => configSources(node.template, 'one'),
  lower(element, ctx, fields) {
    const content = requestIdAttribute(element, ctx, 'content')
    const url = urlAttribute(element, ctx)
    const method = methodAttribute(element, ctx)
    const template = templateBody(element, ctx, false)
    if (content === undefined || url === undefined || method === undefined || template === undefined) return undefined
    if (template === null && url === null) {
      ctx.bag.error('upstream/missing-url', ctx.elementLoc(element), '<request> needs a body or a url attribute')
      return undefined
    }
    if (template !== null) {
      if (!checkStaticObject(template, element, ctx)) return undefined
      if (
        template.isStatic &&
        !checkStaticRequestConfig(
          template.staticJson!,
          'request',
          ctx.bag,
          template.body[0]?.loc ?? template.loc,
          'request configuration',
          { siteRoot: ctx.options.siteRoot, dir: ctx.dir },
        )
      )
        return undefined
    }
    return { kind: 'request', ...fields, content, url, method, template, dir: ctx.dir }
  },
}

/** A static request ID must match UP-GEN-2; `""` counts as absent (UP-CFG-1). */
export function requestIdAttribute(element: XmlElement, ctx: LowerContext, name: string): TextValue | null | undefined {
  const value = dynamicAttribute(element, ctx, name)
  if (!value) return value
  const text = staticText(value)
  if (text === '') return null
  if (text !== undefined && !isRequestId(text)) {
    ctx.bag.error(
      'upstream/invalid-request-id',
      value.loc,
      `invalid request ID "${text}": use a letter or _, then letters, digits, _ or -`,
    )
    return undefined
  }
  return value
}

/** A static `url` must be an absolute http or https URL (ACT-request-1). */
function urlAttribute(element: XmlElement, ctx: LowerContext): TextValue | null | undefined {
  const value = dynamicAttribute(element, ctx, 'url')
  if (!value) return value
  const text = staticText(value)
  if (text === '') return null
  if (text !== undefined) {
    const parsed = parseTargetUrl(text, 'utf-8')
    if (!parsed.ok) {
      ctx.bag.error('upstream/invalid-url', value.loc, parsed.reason)
      return undefined
    }
  }
  return value
}

/** A static `method` must be an HTTP token (UP-CFG-3). */
function methodAttribute(element: XmlElement, ctx: LowerContext): TextValue | null | undefined {
  const value = dynamicAttribute(element, ctx, 'method')
  if (!value) return value
  const text = staticText(value)
  if (text === '') return null
  if (text !== undefined && !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(text)) {
    ctx.bag.error('upstream/invalid-method', value.loc, `invalid method "${text}": not an HTTP token`)
    return undefined
  }
  return value
}
