/** validation.md VA3-VA5: modes per level and the environment overrides; operations.md CF3. */
import { describe, expect, it } from 'vitest'

import { ConfigError } from '../../../../runtime/http/config.js'
import { createGateway } from '../../../../runtime/server/gateway.js'
import { createValidationRuntime, requestModeOf, responseModeOf } from '../../../../runtime/validate/modes.js'
import type { OperationPlan, RoutePlan, ValidationPlan } from '../../../../runtime/validate/plan.js'
import { makeApp } from '../server/helpers.js'

const operation = (request: OperationPlan['request'], response: OperationPlan['response']): OperationPlan => ({
  request,
  response,
  consumes: null,
  produces: null,
  parameters: [],
  body: null,
  responses: null,
})
const route = (request: RoutePlan['request'], response: RoutePlan['response']): RoutePlan => ({
  request,
  response,
  parameters: [],
  operations: null,
})
const plan = (request: ValidationPlan['request'], response: ValidationPlan['response']): ValidationPlan => ({
  request,
  response,
  routes: new Map(),
  secretHeaders: [],
  secretQuery: [],
})

describe('VA4 mode resolution', () => {
  it('VA4: the example of the specification', () => {
    const runtime = createValidationRuntime(plan('report-only', null), {})
    const payments = route(true, null)
    expect(requestModeOf(runtime, payments, operation(null, true))).toBe(true)
    expect(responseModeOf(runtime, payments, operation(null, true))).toBe(true)
    expect(requestModeOf(runtime, payments, operation(null, null))).toBe(true)
    expect(responseModeOf(runtime, payments, operation(null, null))).toBe(false)
  })

  it('VA4: false at a lower level wins over true above it; nothing set is false', () => {
    const runtime = createValidationRuntime(plan(true, true), {})
    expect(requestModeOf(runtime, route(false, null))).toBe(false)
    expect(requestModeOf(createValidationRuntime(undefined, {}))).toBe(false)
  })
})

describe('VA5 environment overrides', () => {
  it('VA5: the variables replace the top level (any letter case), also without a compiled plan', () => {
    const runtime = createValidationRuntime(plan(false, true), {
      SVC_VALIDATE_REQUEST: 'TRUE',
      SVC_VALIDATE_RESPONSE: 'report-only',
    })
    expect([runtime.request, runtime.response]).toEqual([true, 'report-only'])
    expect(createValidationRuntime(undefined, { SVC_VALIDATE_RESPONSE: 'false' }).response).toBe(false)
    expect(createValidationRuntime(plan('report-only', null), { SVC_VALIDATE_REQUEST: '' }).request).toBe('report-only')
  })

  it('VA5, CF3: any other value makes the server refuse to start', () => {
    expect(() => createValidationRuntime(undefined, { SVC_VALIDATE_REQUEST: 'yes' })).toThrow(ConfigError)
    expect(() =>
      createGateway(makeApp({ routes: [] }), { siteRoot: '/site', env: { SVC_VALIDATE_RESPONSE: 'maybe' } }),
    ).toThrow('invalid value for SVC_VALIDATE_RESPONSE: "maybe" (expected true, false or report-only)')
  })
})
