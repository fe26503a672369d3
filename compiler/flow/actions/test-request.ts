/**
 * `<test-request>JSON-OBJECT</test-request>` (actions.md ACT-test-request-1): no attributes of its
 * own. A static configuration is checked now with the run time's checker (runtime/testing/
 * test-request.ts): errors are CEs, warnings CWs, at the offending value. The action sets `$status`,
 * `$response` and `$headers` (ACT-test-request-4), which therefore count as set for XC-7.
 */
import { checkTestRequestConfig } from '../../../runtime/testing/test-request-config.js'
import { ConfigProblems } from '../../../runtime/upstream/config-problems.js'
import { configSources } from './config-sources.js'
import { staticJsonLocator } from './static-json.js'
import { checkStaticObject, optionalBody } from './template-body.js'
import type { ActionEntry } from './types.js'

/** Variables that test-request sets (ACT-test-request-4), for the XC-7 check. */
export const TEST_REQUEST_VARIABLES = ['status', 'response', 'headers'] as const

export const TEST_REQUEST: ActionEntry<'test-request'> = {
  name: 'test-request',
  inputs: (node) => [node.template],
  dataLocations: (node) => configSources(node.template, 'one'),
  lower(element, ctx, fields) {
    for (const name of TEST_REQUEST_VARIABLES) ctx.assigned.add(name)
    const template = optionalBody(element, ctx)
    if (template === undefined || !checkStaticObject(template, element, ctx)) return undefined
    if (template.isStatic) {
      const problems = new ConfigProblems()
      checkTestRequestConfig(template.staticJson!, problems)
      const where = staticJsonLocator(element, ctx, template)
      for (const problem of problems.items) {
        const message = `test-request configuration: ${problem.message}`
        if (problem.severity === 'error') ctx.bag.error('flow/invalid-test-request', where.loc(problem.path), message)
        else ctx.bag.warning('flow/test-request-warning', where.loc(problem.path), message)
      }
      if (problems.hasErrors) return undefined
    }
    return { kind: 'test-request', ...fields, template, dir: ctx.dir }
  },
}
