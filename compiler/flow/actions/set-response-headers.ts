/**
 * `<set-response-headers in src status>TEMPLATE</set-response-headers>` (actions.md
 * ACT-set-response-headers-1..4): `in` a location (dyn, the main content by default), `status` (dyn),
 * body and `src` exclusive; with neither only `status` applies (a CE when it is missing too). A static
 * body is checked now (ACT-COMMON-3): a JSON object whose fields follow the run-time rules (CE), fields
 * the gateway owns give a CW (F-RESP-6).
 */
import { headerField } from '../../../runtime/flow/actions/header-fields.js'
import { JsonObject } from '../../../runtime/values/json-value.js'
import type { TemplateNode } from '../../ir/template.js'
import type { LowerContext } from '../lower-context.js'
import type { XmlElement } from '../parse-xml.js'
import { locationAttribute, statusAttribute } from '../values.js'
import { checkStaticObject, templateBody } from './template-body.js'
import type { ActionEntry } from './types.js'

export const SET_RESPONSE_HEADERS: ActionEntry<'set-response-headers'> = {
  name: 'set-response-headers',
  inputs: (node) => [node.input, node.status, node.template],
  lower(element, ctx, fields) {
    const input = locationAttribute(element, ctx, 'in')
    const status = statusAttribute(element, ctx, 'status')
    const template = templateBody(element, ctx, true)
    if (input === undefined || status === undefined || template === undefined) return undefined
    if (template === null && status === null) {
      ctx.bag.error(
        'flow/missing-template',
        fields.loc,
        '<set-response-headers> needs a body, src or a status attribute',
      )
      return undefined
    }
    if (template && !checkStaticFields(template, element, ctx)) return undefined
    return {
      kind: 'set-response-headers',
      ...fields,
      input: input ?? { kind: 'main-content', loc: fields.loc },
      template,
      status,
    }
  },
}

/** A static body: an object whose every field is valid (CE) and not owned by the gateway (CW). */
function checkStaticFields(template: TemplateNode, element: XmlElement, ctx: LowerContext): boolean {
  if (!checkStaticObject(template, element, ctx)) return false
  const object = template.staticJson
  if (!(object instanceof JsonObject)) return true
  const at = template.body[0]!.loc
  let ok = true
  object.keys.forEach((name, i) => {
    const field = headerField(name, object.values[i]!)
    if (field.kind === 'invalid') {
      ctx.bag.error('flow/invalid-header', at, field.reason)
      ok = false
    } else if (field.kind === 'ignored') {
      ctx.bag.warning(
        'flow/ignored-header',
        at,
        `header ${field.name} is set by the gateway; <set-response-headers> ignores it`,
      )
    }
  })
  return ok
}
