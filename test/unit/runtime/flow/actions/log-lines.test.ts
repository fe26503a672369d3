/**
 * Log lines of the template actions, from compiled fixture projects over real HTTP: custom fields of
 * `log` in the access log line (actions.md ACT-log-1..4, operations.md LG3, LG4) and the `template`
 * alert for invalid output (templates.md T-CHK-4, T-CHK-5; operations.md LG6).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type RunningGateway, startProject } from '../../../../helpers/gateway-process.js'
import { send } from '../../../../helpers/http.js'

const FIXTURES = new URL('../../../../fixtures/e2e/', import.meta.url).pathname

/** The access log line of the request to `path` (written after the response). */
async function accessLine(
  gateway: RunningGateway,
  path: string,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const res = await send(gateway.url, { path, headers })
  expect(res.status).toBeGreaterThan(0)
  return gateway.waitForLog((line) => line['type'] === 'svc_access' && line['path'] === path)
}

/** Keys after the LG3 system fields. */
function customOf(line: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(line)
  const first = keys.indexOf('location') + 1 + ['errorCode', 'aborted'].filter((k) => k in line).length
  return Object.fromEntries(keys.slice(first).map((key) => [key, line[key]]))
}

describe('log action (ACT-log, LG4)', () => {
  let gateway: RunningGateway
  beforeAll(async () => {
    gateway = await startProject(`${FIXTURES}13-log-action/definition.yaml`)
  })
  afterAll(() => gateway?.stop())

  it('ACT-log example: nested fields merged, null omitted, after the system fields', async () => {
    const line = await accessLine(gateway, '/l/client', { 'x-app-name': 'kiosk' })
    expect(customOf(line)).toEqual({ client: { app: 'kiosk' } })
    expect(Object.keys(line).slice(-1)).toEqual(['client'])
  })

  it('ACT-log example without the header: the default', async () => {
    expect(customOf(await accessLine(gateway, '/l/client?without-header'))).toEqual({ client: { app: 'unknown' } })
  })

  it('ACT-log-2: replace, merge, remove, first position kept; __proto__ stays a field', async () => {
    const line = await accessLine(gateway, '/l/merge')
    const custom = customOf(line)
    expect(Object.keys(custom)).toEqual(['a', 'b', 'd', 'e', '__proto__', 'n'])
    expect(custom).toEqual(
      JSON.parse('{"a":"one","b":{"x":1,"y":[3]},"d":{"new":true},"e":{},"__proto__":{"p":true},"n":1.5}'),
    )
  })

  it('ACT-log-3: system fields are not replaced', async () => {
    const line = await accessLine(gateway, '/l/system')
    expect(line['status']).toBe(201)
    expect(line['flow']).toBe('flows/system.xml')
    expect(customOf(line)).toEqual({ custom: 'yes' })
  })

  it('ACT-log-1: a result that is not an object (or not JSON) changes nothing', async () => {
    expect(customOf(await accessLine(gateway, '/l/not-an-object?array'))).toEqual({ kept: 1 })
    expect(customOf(await accessLine(gateway, '/l/not-an-object'))).toEqual({ kept: 1 })
  })

  it('ACT-log-4: error responses carry the fields, also those of the error flow', async () => {
    const line = await accessLine(gateway, '/l/failing')
    expect(line['errorCode']).toBe(5001)
    expect(customOf(line)).toEqual({ stage: 'before', handled: 5001 })
  })
})

describe('template alerts (T-CHK-4, T-CHK-5)', () => {
  let gateway: RunningGateway
  beforeAll(async () => {
    gateway = await startProject(`${FIXTURES}11-template-action/definition.yaml`)
  })
  afterAll(() => gateway?.stop())

  it('invalid output with check: one alert naming the action and the decoder position', async () => {
    const id = (await accessLine(gateway, '/t/invalid'))['requestID']
    const alert = await gateway.waitForLog((line) => line['type'] === 'svc_alert' && line['requestID'] === id)
    expect(alert).toMatchObject({ topic: 'template', raised: false })
    expect(alert['message']).toMatch(/^output is not valid JSON: .* at 1:\d+$/)
    expect(alert['info']).toEqual([`flows/invalid.xml:3:3: template: ${String(alert['message'])}`])
  })

  it('check="false" logs nothing (the access line comes after any alert of the request)', async () => {
    const id = (await accessLine(gateway, '/t/invalid-content'))['requestID'] as string
    expect(gateway.logLines.filter((line) => line.includes('"svc_alert"') && line.includes(id))).toEqual([])
  })
})
