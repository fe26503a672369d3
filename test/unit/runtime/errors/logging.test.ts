/**
 * Error logging and the error-code registry (errors.md section 3, X17-X20; operations.md LG3, LG6):
 * every code of the master table, the alert line of a raised error, `errorCode` in the access log
 * line and the request id both share; validation alerts in report-only mode without `errorCode`.
 */
import { afterEach, describe, expect, it } from 'vitest'

import { ERROR_KINDS } from '../../../../runtime/errors/codes.js'
import { error } from '../../../../runtime/flow/actions/error.js'
import { createRouteTable } from '../../../../runtime/router/index.js'
import type { ValidationPlan } from '../../../../runtime/validate/plan.js'
import { ask, flow, makeApp, route, startTestGateway, type TestGateway } from '../server/helpers.js'

let running: TestGateway | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

describe('errors.md section 3: the registry', () => {
  it('every code with its default status, message and alert topic', () => {
    const table = Object.values(ERROR_KINDS).map((kind) => [kind.code, kind.status, kind.message, kind.alertTopic])
    expect(table).toEqual([
      [3101, 502, 'Upstream Request Failed', 'request'],
      [3102, 504, 'Upstream Request Timeout', 'request'],
      [3103, 503, 'Upstream Unavailable', 'request'],
      [3202, 400, 'Upstream Request Validation Failed', 'request'],
      [3203, 502, 'Upstream Response Validation Failed', 'request'],
      [3204, 400, 'Input Validation Failed', 'validation'],
      [3205, 500, 'Output Validation Failed', 'validation'],
      [3206, 403, 'Security violation', 'security'],
      [3207, 401, 'Upstream Request Security Validation Failed', 'request'],
      [3208, 404, 'Path Not Found', null],
      [3209, 404, 'No Flow Found', 'routing'],
      [3210, 405, 'Method Not Allowed', null],
      [3211, 500, 'Configuration Error', 'config'],
      [3212, 413, 'Request Body Too Large', null],
      [3213, 400, 'Malformed Request', null],
      [3214, 429, 'Too Many Requests', null],
      [5000, 500, 'FlowError', 'error'],
      [5001, 500, 'Flow Execution Failed', null],
    ])
  })
})

describe('X17-X20: alert and access lines', () => {
  it('X17, X19, X20: a raised error writes one alert; the access line has errorCode; both share the request id', async () => {
    const raise = flow('flows/raise.xml', (ctx) => {
      throw error(ctx, 'flows/raise.xml:2:3', null, '409')
    })
    running = await startTestGateway(makeApp({ routes: [route('/r', [['GET', raise]])] }))
    const reply = await ask(running.port, { path: '/r' })
    expect(reply.status).toBe(409)
    const access = await running.waitForLog('svc_access')
    const alerts = running.logs('svc_alert')
    expect(alerts).toEqual([
      expect.objectContaining({
        requestID: access['requestID'],
        topic: 'error',
        message: 'FlowError',
        code: 5000,
        status: 409,
        info: ['Flow Error triggered'],
        raised: true,
      }),
    ])
    expect(access).toMatchObject({ status: 409, errorCode: 5000 })
    expect(reply.json().error.requestID).toBe(access['requestID'])
  })

  it('X17: codes whose topic is none write no alert (3208)', async () => {
    running = await startTestGateway(makeApp({ routes: [] }))
    expect((await ask(running.port, { path: '/missing' })).status).toBe(404)
    expect(await running.waitForLog('svc_access')).toMatchObject({ errorCode: 3208 })
    expect(running.logs('svc_alert')).toEqual([])
  })

  it('VA38, X8: report-only findings write an alert with raised false and no errorCode', async () => {
    const validation: ValidationPlan = {
      request: 'report-only',
      response: null,
      secretHeaders: [],
      secretQuery: [],
      routes: new Map([
        [
          '/r',
          {
            request: null,
            response: null,
            parameters: [
              {
                name: 'p',
                in: 'path',
                required: true,
                type: 'integer',
                collectionFormat: 'csv',
                items: null,
                allowEmptyValue: false,
                validate: null,
              },
            ],
            operations: null,
          },
        ],
      ]),
    }
    const ok = flow('flows/ok.xml', (ctx) => {
      ctx.response.body = ['fine']
    })
    const app = {
      ...makeApp({ routes: [] }),
      routes: createRouteTable([{ pattern: '/r', segments: ['r'], wildcard: false, operations: null, handler: ok }]),
      validation,
    }
    running = await startTestGateway(app)
    // a route without operations checks only its path-level path parameters (VA6); `p` is not a segment here
    expect((await ask(running.port, { path: '/r' })).text).toBe('fine')
    const alert = await running.waitForLog('svc_alert')
    expect(alert).toMatchObject({
      topic: 'validation',
      code: 3204,
      status: 400,
      message: 'Input Validation Failed',
      raised: false,
      info: ['Required constraint violated in path for p: the parameter is required'],
    })
    expect((await running.waitForLog('svc_access'))['errorCode']).toBeUndefined()
  })
})
