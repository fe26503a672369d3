/**
 * `<proxy-request>TEMPLATE</proxy-request>` (actions.md ACT-proxy-request-1..3, upstream.md
 * UP-PROXY-1): no attributes, a non-empty JSON template body; a static body is checked completely.
 * Not allowed in test documents (no client request to forward). Whether it is the flow's last
 * top-level element (UP-GEN-6 step 1) is marked after the whole flow is lowered (markLastProxy).
 */
import { ConfigProblems } from '../../../runtime/upstream/config-problems.js'
import { checkProxyConfig } from '../../../runtime/upstream/proxy-config.js'
import { JsonObject } from '../../../runtime/values/json-value.js'
import { checkCertificateFile, checkDefinitionOptions, reportProblems } from '../../definition/static-config.js'
import type { StatementNode } from '../../ir/statements.js'
import { checkStaticObject, templateBody } from './template-body.js'
import type { ActionEntry } from './types.js'

export const PROXY_REQUEST: ActionEntry<'proxy-request'> = {
  name: 'proxy-request',
  inputs: (node) => [node.template],
  lower(element, ctx, fields) {
    if (ctx.options.test === true) {
      ctx.bag.error(
        'upstream/proxy-in-test',
        ctx.elementLoc(element),
        '<proxy-request> cannot be used in a test document: there is no client request to forward',
      )
      return undefined
    }
    const template = templateBody(element, ctx, false)
    if (template === undefined) return undefined
    if (template === null) {
      ctx.bag.error('upstream/empty-proxy', ctx.elementLoc(element), '<proxy-request> needs a body with origin or url')
      return undefined
    }
    if (!checkStaticObject(template, element, ctx)) return undefined
    if (template.isStatic) {
      const problems = new ConfigProblems()
      const value = template.staticJson!
      const config = checkProxyConfig(value, 'action', problems)
      const options = value instanceof JsonObject ? value.get('options') : undefined
      if (config !== undefined) checkDefinitionOptions(config.options, ['options'], problems)
      checkCertificateFile(options, ['options'], { siteRoot: ctx.options.siteRoot, dir: ctx.dir }, problems)
      if (!reportProblems(problems, ctx.bag, () => template.body[0]?.loc ?? template.loc, 'proxy configuration'))
        return undefined
    }
    return { kind: 'proxy-request', ...fields, template, dir: ctx.dir, last: false }
  },
}

/** UP-GEN-6 step 1: marks a `proxy-request` that is the last top-level element of a flow. */
export function markLastProxy(body: readonly StatementNode[]): readonly StatementNode[] {
  const last = body[body.length - 1]
  if (last?.kind !== 'proxy-request') return body
  return [...body.slice(0, -1), { ...last, last: true }]
}
