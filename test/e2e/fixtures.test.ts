/**
 * Runs every fixture project of test/fixtures/e2e: compile to a temporary folder, start
 * `server.mjs`, send the requests of `expect.json` over real HTTP and compare the responses.
 *
 * expect.json: { "env"?: {..}, "cases": [{ "name", "request": { method?, path, headers?, body? },
 *   "response": { status, headers?: { name: value | null (absent) }, body?: string, json?: any,
 *   jsonSubset?: any (toMatchObject) } }] }
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProject, type RunningGateway } from '../helpers/gateway-process.js'
import { send, type HttpRequest } from '../helpers/http.js'

interface Case {
  readonly name: string
  readonly request: HttpRequest
  readonly response: { status: number; headers?: Record<string, string | null>; body?: string; json?: unknown; jsonSubset?: Record<string, unknown> }
}

const FIXTURES = new URL('../fixtures/e2e/', import.meta.url).pathname

for (const name of readdirSync(FIXTURES).sort()) {
  const dir = join(FIXTURES, name)
  const spec = JSON.parse(readFileSync(join(dir, 'expect.json'), 'utf8')) as { env?: Record<string, string>; cases: Case[] }
  describe(`e2e ${name}`, () => {
    let gateway: RunningGateway
    beforeAll(async () => {
      gateway = await startProject(join(dir, 'definition.yaml'), spec.env)
    })
    afterAll(async () => {
      await gateway?.stop()
    })
    for (const testCase of spec.cases) {
      it(testCase.name, async () => {
        const res = await send(gateway.url, testCase.request)
        expect(res.status, `${testCase.request.method ?? 'GET'} ${testCase.request.path}: ${res.body}`).toBe(testCase.response.status)
        for (const [header, value] of Object.entries(testCase.response.headers ?? {})) {
          expect(res.headers[header.toLowerCase()] ?? null, `header ${header}`).toEqual(value)
        }
        if (testCase.response.body !== undefined) expect(res.body).toBe(testCase.response.body)
        if (testCase.response.json !== undefined) expect(JSON.parse(res.body)).toEqual(testCase.response.json)
        if (testCase.response.jsonSubset !== undefined) expect(JSON.parse(res.body)).toMatchObject(testCase.response.jsonSubset)
      })
    }
  })
}
