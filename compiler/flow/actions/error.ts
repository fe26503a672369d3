/**
 * `<error status>TEMPLATE</error>` (actions.md ACT-error-1..3): `status` a dyn status attribute (a
 * static invalid value is a CW, F-RESP-2); the body a JSON template, empty meaning `{}`. A static body
 * must give a JSON object or string, and its recognised properties must have the types of ACT-error-2
 * (CE); dynamic bodies are checked at run time (runtime/flow/actions/error.ts).
 */
import { errorBodyObject, errorPropertyProblem } from '../../../runtime/flow/actions/error.js'
import type { TemplateNode } from '../../ir/template.js'
import type { LowerContext } from '../lower-context.js'
import type { XmlElement } from '../parse-xml.js'
import { statusAttribute } from '../values.js'
import { templateBody } from './template-body.js'
import type { ActionEntry } from './types.js'

export const ERROR: ActionEntry<'error'> = {
  name: 'error',
  inputs: (node) => [node.status, node.template],
  lower(element, ctx, fields) {
    const status = statusAttribute(element, ctx, 'status')
    const template = templateBody(element, ctx, false)
    if (status === undefined || template === undefined) return undefined
    if (template !== null && !checkStaticBody(template, element, ctx)) return undefined
    return { kind: 'error', ...fields, template, status }
  },
}

/** ACT-error-1, ACT-error-2 for a body without placeholders or commands. */
function checkStaticBody(template: TemplateNode, element: XmlElement, ctx: LowerContext): boolean {
  if (!template.isStatic) return true
  const at = template.body[0]?.loc ?? ctx.elementLoc(element)
  if (template.staticError) {
    ctx.bag.error(
      'flow/invalid-template-output',
      template.staticError.loc,
      `the body of <error> is not valid JSON: ${template.staticError.message}`,
    )
    return false
  }
  if (template.staticJson === undefined) return true
  const object = errorBodyObject(template.staticJson)
  if (typeof object === 'string') {
    ctx.bag.error('flow/invalid-template-output', at, `${object} (<error>)`)
    return false
  }
  let ok = true
  object.keys.forEach((name, i) => {
    const problem = errorPropertyProblem(name, object.values[i]!)
    if (problem === null) return
    ctx.bag.error('flow/invalid-error-property', at, `invalid <error> body: ${problem}`)
    ok = false
  })
  return ok
}
