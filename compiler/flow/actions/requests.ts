/**
 * `<requests>TEMPLATE</requests>` or `<requests src="FILE | $variable"/>` (actions.md ACT-requests-1,
 * ACT-requests-2, upstream.md UP-REQS-1): exactly one of body and `src`; a `src` file is a template
 * compiled now, a `src` variable is read at run time. A static result is checked completely: every
 * key a valid request ID occurring once, every value a valid request configuration.
 */
import { checkVariableName } from '../../../runtime/context/variable-name.js'
import { objectMembers } from '../../../runtime/flow/actions/json-members.js'
import { isRequestId } from '../../../runtime/upstream/request-id.js'
import { checkStaticRequestConfig } from '../../definition/static-config.js'
import type { TemplateNode } from '../../ir/template.js'
import { attributeOf, type LowerContext } from '../lower-context.js'
import { configSources } from './config-sources.js'
import { checkStaticObject, templateBody } from './template-body.js'
import type { ActionEntry } from './types.js'

export const REQUESTS: ActionEntry<'requests'> = {
  name: 'requests',
  inputs: (node) => [
    node.template,
    node.variable === null ? null : { kind: 'variable', loc: node.loc, name: node.variable },
  ],
  // a configuration held by a variable may name any location
  dataLocations: (node) => (node.variable === null ? configSources(node.template, 'many') : 'computed'),
  lower(element, ctx, fields) {
    const src = attributeOf(element, 'src')
    const srcText = src ? ctx.attributeValue(src).text : ''
    if (src && srcText.startsWith('$')) {
      if (element.children.length > 0 || !/^\s*$/.test(ctx.file.text.slice(element.contentStart, element.contentEnd))) {
        ctx.bag.error('flow/template-body-and-src', ctx.attributeLoc(src), '<requests> cannot have both a body and src')
        return undefined
      }
      if (checkVariableName(srcText) !== 'valid') {
        ctx.bag.error(
          'flow/invalid-variable',
          ctx.attributeLoc(src),
          `invalid variable name ${srcText} in src of <requests>`,
        )
        return undefined
      }
      return { kind: 'requests', ...fields, template: null, variable: srcText.slice(1), dir: ctx.dir }
    }
    const template = templateBody(element, ctx, true)
    if (template === undefined) return undefined
    if (template === null) {
      ctx.bag.error('upstream/missing-requests', ctx.elementLoc(element), '<requests> needs a body or a src attribute')
      return undefined
    }
    if (!checkStaticObject(template, element, ctx) || !checkStaticRequests(template, ctx)) return undefined
    return { kind: 'requests', ...fields, template, variable: null, dir: ctx.dir }
  },
}

/** UP-REQS-1 on a static result (ACT-requests-2: CE when static). */
function checkStaticRequests(template: TemplateNode, ctx: LowerContext): boolean {
  if (!template.isStatic) return true
  const loc = template.body[0]?.loc ?? template.loc
  const seen = new Set<string>()
  let ok = true
  for (const [id, value] of objectMembers(template.staticText!)) {
    if (!isRequestId(id)) {
      ctx.bag.error(
        'upstream/invalid-request-id',
        loc,
        `invalid request ID "${id}" in <requests>: use a letter or _, then letters, digits, _ or -`,
      )
      ok = false
    } else if (seen.has(id)) {
      ctx.bag.error('upstream/duplicate-request-id', loc, `request ID "${id}" occurs twice in <requests>`)
      ok = false
    }
    seen.add(id)
    if (
      !checkStaticRequestConfig(value, 'requests', ctx.bag, loc, `request "${id}"`, {
        siteRoot: ctx.options.siteRoot,
        dir: ctx.dir,
      })
    )
      ok = false
  }
  return ok
}
