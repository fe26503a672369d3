/**
 * What clients see of the gateway's own failures (errors.md X21, issue 27 part 6): with
 * `SVC_ERROR_DETAILS=safe` (the default under `NODE_ENV=production`) a 5xx document of the gateway's
 * own codes has no `info` (no flow file names, upstream URLs or values), while the alert line keeps
 * it; documents of the `error` action and 4xx answers are sent as written.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { compileOrThrow, type RunningGateway, startBundle, writeProject } from '../helpers/gateway-process.js'
import { send } from '../helpers/http.js'

const DEFINITION = `swagger: "2.0"
paths:
  /deep:
    get:
      x-svc-flow: flows/deep.xml
  /gone:
    x-svc-proxy: { origin: "http://127.0.0.1:1" }
  /own:
    get:
      x-svc-flow: flows/own.xml
  /typed:
    get:
      x-svc-validate: true
      parameters:
        - { name: n, in: query, type: integer, required: true }
      x-svc-flow: flows/own.xml
`
// a sub-flow that calls itself: 5001 once the nesting is too deep, info naming the file and position
const DEEP = `<flow>
  <sub-flow src="deep.xml"/>
</flow>
`
const OWN = `<flow>
  <error>{ "message": "the ledger is closed", "status": 503, "info": ["ledger 7 closed at 18:00"] }</error>
</flow>
`

describe('error details (X21)', () => {
  let root: string

  beforeAll(async () => {
    root = writeProject({ 'definition.yaml': DEFINITION, 'flows/deep.xml': DEEP, 'flows/own.xml': OWN })
    await compileOrThrow(join(root, 'definition.yaml'), join(root, 'out'))
  }, 60_000)

  afterAll(() => rmSync(root, { recursive: true, force: true }))

  async function withGateway(env: Record<string, string>, run: (gateway: RunningGateway) => Promise<void>) {
    const gateway = await startBundle(join(root, 'out'), env)
    try {
      await run(gateway)
    } finally {
      await gateway.stop()
    }
  }

  const errorOf = (body: string) => (JSON.parse(body) as { error: Record<string, unknown> }).error

  it('safe: a failing flow answers 500 without file names; the alert line has them', async () => {
    await withGateway({ SVC_ERROR_DETAILS: 'safe' }, async (gateway) => {
      const response = await send(gateway.url, { path: '/deep' })
      expect(response.status).toBe(500)
      const id = response.headers['x-request-id']
      expect(errorOf(response.body)).toEqual({
        message: 'Flow Execution Failed',
        status: 500,
        code: 5001,
        info: [],
        requestID: id,
      })
      expect(response.body).not.toMatch(/deep\.xml/)
      const alert = await gateway.waitForLog((line) => line.type === 'svc_alert' && line.requestID === id)
      expect(JSON.stringify(alert.info)).toMatch(/deep\.xml:2:\d+: sub-flow/)
    })
  })

  it('safe: a proxy that cannot reach its upstream answers 502 without the upstream URL', async () => {
    await withGateway({ SVC_ERROR_DETAILS: 'safe' }, async (gateway) => {
      const response = await send(gateway.url, { path: '/gone' })
      expect(response.status).toBe(502)
      expect(errorOf(response.body)).toMatchObject({ code: 3101, info: [] })
      expect(response.body).not.toMatch(/127\.0\.0\.1:1/)
      const id = response.headers['x-request-id']
      const alert = await gateway.waitForLog((line) => line.type === 'svc_alert' && line.requestID === id)
      expect(JSON.stringify(alert.info)).toMatch(/127\.0\.0\.1:1/)
    })
  })

  it('safe: the error action and 4xx validation answers are sent as written', async () => {
    await withGateway({ SVC_ERROR_DETAILS: 'safe' }, async (gateway) => {
      const own = await send(gateway.url, { path: '/own' })
      expect(own.status).toBe(503)
      expect(errorOf(own.body).info).toEqual(['ledger 7 closed at 18:00'])
      const invalid = await send(gateway.url, { path: '/typed?n=ten' })
      expect(invalid.status).toBe(400)
      expect((errorOf(invalid.body).info as string[]).join(' ')).toMatch(/ten/)
    })
  })

  it('the default is safe under NODE_ENV=production and full otherwise', async () => {
    await withGateway({ NODE_ENV: 'production' }, async (gateway) => {
      expect(errorOf((await send(gateway.url, { path: '/deep' })).body).info).toEqual([])
    })
    await withGateway({}, async (gateway) => {
      expect(JSON.stringify(errorOf((await send(gateway.url, { path: '/deep' })).body).info)).toMatch(/deep\.xml/)
    })
    await withGateway({ NODE_ENV: 'production', SVC_ERROR_DETAILS: 'full' }, async (gateway) => {
      expect(JSON.stringify(errorOf((await send(gateway.url, { path: '/gone' })).body).info)).toMatch(/127\.0\.0\.1:1/)
    })
  })

  it('an invalid SVC_ERROR_DETAILS stops the start (CF3)', async () => {
    await expect(startBundle(join(root, 'out'), { SVC_ERROR_DETAILS: 'some' })).rejects.toThrow(/SVC_ERROR_DETAILS/)
  })
})
