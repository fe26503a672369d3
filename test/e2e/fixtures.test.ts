/**
 * Runs every fixture project of test/fixtures/e2e: compile to a temporary folder, start
 * `server.mjs`, send the requests of `expect.json` over real HTTP and compare the responses.
 *
 * expect.json: { "env"?: {..}, "cases": [{ "name", "request": { method?, path, headers?, body? },
 *   "response": { status, headers?: { name: value | null (absent) }, body?: string, json?: any,
 *   jsonSubset?: any (toMatchObject), jsonAbsent?: ["a.b", ...] (members that must not exist),
 *   alerts?: [svc_alert subsets] } }] }
 * `alerts` lists, in order, every `svc_alert` line the request wrote (each compared with toMatchObject);
 * the request is recognised by the access log line of its `User-Agent`, which the runner sets.
 * `"upstream": { "env": NAME, "routes"?: {...} }` starts a recording upstream (test/helpers/upstream-server.ts)
 * whose origin the gateway reads from the environment variable NAME.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type RunningGateway, startProject } from '../helpers/gateway-process.js'
import { type HttpRequest, send } from '../helpers/http.js'
import { type RecordingUpstream, startRecordingUpstream, type UpstreamSpec } from '../helpers/upstream-server.js'

interface Case {
  readonly name: string
  readonly request: HttpRequest
  readonly response: {
    status: number
    headers?: Record<string, string | null>
    body?: string
    json?: unknown
    jsonSubset?: Record<string, unknown>
    jsonAbsent?: string[]
    alerts?: Record<string, unknown>[]
  }
}

/** The alert lines of one request, found through its access log line (LG3 `agent`, X20 `requestID`). */
async function alertsOf(gateway: RunningGateway, agent: string): Promise<Record<string, unknown>[]> {
  const access = await gateway.waitForLog((line) => line['type'] === 'svc_access' && line['agent'] === agent)
  return gateway.logLines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line['type'] === 'svc_alert' && line['requestID'] === access['requestID'])
}

const FIXTURES = new URL('../fixtures/e2e/', import.meta.url).pathname

for (const name of readdirSync(FIXTURES).sort()) {
  const dir = join(FIXTURES, name)
  const spec = JSON.parse(readFileSync(join(dir, 'expect.json'), 'utf8')) as {
    env?: Record<string, string>
    upstream?: UpstreamSpec
    cases: Case[]
  }
  describe(`e2e ${name}`, () => {
    let gateway: RunningGateway
    let upstream: RecordingUpstream | undefined
    beforeAll(async () => {
      upstream = spec.upstream && (await startRecordingUpstream(spec.upstream))
      const env = upstream === undefined ? spec.env : { ...spec.env, [spec.upstream!.env]: upstream.origin }
      gateway = await startProject(join(dir, 'definition.yaml'), env)
    })
    afterAll(async () => {
      await gateway?.stop()
      await upstream?.close()
    })
    for (const testCase of spec.cases) {
      it(testCase.name, async () => {
        const agent = `fixture ${name}: ${testCase.name}`
        const expectsAlerts = testCase.response.alerts !== undefined
        const request = expectsAlerts
          ? { ...testCase.request, headers: { 'User-Agent': agent, ...testCase.request.headers } }
          : testCase.request
        const res = await send(gateway.url, request)
        expect(res.status, `${testCase.request.method ?? 'GET'} ${testCase.request.path}: ${res.body}`).toBe(
          testCase.response.status,
        )
        for (const [header, value] of Object.entries(testCase.response.headers ?? {})) {
          expect(res.headers[header.toLowerCase()] ?? null, `header ${header}`).toEqual(value)
        }
        if (testCase.response.body !== undefined) expect(res.body).toBe(testCase.response.body)
        if (testCase.response.json !== undefined) expect(JSON.parse(res.body)).toEqual(testCase.response.json)
        if (testCase.response.jsonSubset !== undefined)
          expect(JSON.parse(res.body)).toMatchObject(testCase.response.jsonSubset)
        for (const path of testCase.response.jsonAbsent ?? [])
          expect(JSON.parse(res.body), `${path} must be absent`).not.toHaveProperty(path.split('.'))
        if (expectsAlerts) {
          const alerts = await alertsOf(gateway, agent)
          expect(alerts, JSON.stringify(alerts)).toHaveLength(testCase.response.alerts!.length)
          testCase.response.alerts!.forEach((alert, i) => expect(alerts[i]).toMatchObject(alert))
        }
      })
    }
  })
}
