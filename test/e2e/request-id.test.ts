/**
 * Request ids (docs/spec/operations.md LG2, issue 27 part 3): every response carries the id of the
 * request's log lines, every upstream request sends it, `SVC_TRUST_REQUEST_ID` takes a valid incoming
 * one, and `SVC_REQUEST_ID_HEADER` names another field for all three.
 */
import { rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { compileOrThrow, type RunningGateway, startBundle, writeProject } from '../helpers/gateway-process.js'
import { type HttpResponse, send } from '../helpers/http.js'

const DEFINITION = `swagger: "2.0"
paths:
  /flow:
    get:
      x-svc-flow: flows/call.xml
  /proxy:
    x-svc-proxy: { origin: { env: UPSTREAM } }
  /own:
    get:
      x-svc-flow: flows/own.xml
`
const CALL = `<flow>
  <request>{ "url": {{ concat($env/UPSTREAM, '/echo') }} }</request>
</flow>
`
const OWN = `<flow>
  <set-response-headers>{ "X-Request-ID": "set-by-the-flow" }</set-response-headers>
  <echo mime="text/plain">own</echo>
</flow>
`

describe('request ids (LG2)', () => {
  let root: string
  let upstream: Server
  let upstreamUrl: string
  const received: Record<string, string | string[] | undefined>[] = []

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      received.push(req.headers)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{}')
    })
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
    root = writeProject({ 'definition.yaml': DEFINITION, 'flows/call.xml': CALL, 'flows/own.xml': OWN })
    await compileOrThrow(join(root, 'definition.yaml'), join(root, 'out'))
  }, 60_000)

  afterAll(async () => {
    await new Promise((resolve) => upstream?.close(resolve))
    rmSync(root, { recursive: true, force: true })
  })

  async function withGateway(env: Record<string, string>, run: (gateway: RunningGateway) => Promise<void>) {
    const gateway = await startBundle(join(root, 'out'), { UPSTREAM: upstreamUrl, ...env })
    try {
      await run(gateway)
    } finally {
      await gateway.stop()
    }
  }

  const accessId = async (gateway: RunningGateway, response: HttpResponse, name = 'x-request-id') => {
    const id = response.headers[name] as string
    const line = await gateway.waitForLog((l) => l.type === 'svc_access' && l.requestID === id)
    return { id, line }
  }

  it('the response, the logs and every upstream request carry one id; a client id is not trusted by default', async () => {
    await withGateway({}, async (gateway) => {
      received.length = 0
      const flow = await send(gateway.url, { path: '/flow', headers: { 'X-Request-ID': 'client-1' } })
      const { id } = await accessId(gateway, flow)
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
      expect(received.at(-1)!['x-request-id']).toBe(id)
      const proxied = await send(gateway.url, { path: '/proxy', headers: { 'X-Request-ID': 'client-2' } })
      const second = await accessId(gateway, proxied)
      expect(second.id).not.toBe('client-2')
      expect(received.at(-1)!['x-request-id']).toBe(second.id)
      // an error answer carries it too
      const missing = await send(gateway.url, { path: '/nowhere' })
      expect(missing.status).toBe(404)
      expect(JSON.parse(missing.body).error.requestID).toBe(missing.headers['x-request-id'])
    })
  })

  it('a flow that sets the field itself is not overridden; the field is not doubled', async () => {
    await withGateway({}, async (gateway) => {
      const response = await send(gateway.url, { path: '/own' })
      expect(response.headers['x-request-id']).toBe('set-by-the-flow')
    })
  })

  it('SVC_TRUST_REQUEST_ID takes a valid incoming id for the logs, the response and upstream', async () => {
    await withGateway({ SVC_TRUST_REQUEST_ID: 'true' }, async (gateway) => {
      received.length = 0
      const response = await send(gateway.url, { path: '/proxy', headers: { 'X-Request-ID': 'order-42' } })
      expect(response.headers['x-request-id']).toBe('order-42')
      await gateway.waitForLog((l) => l.type === 'svc_access' && l.requestID === 'order-42')
      expect(received.at(-1)!['x-request-id']).toBe('order-42')
    })
  })

  it('SVC_REQUEST_ID_HEADER names the field read, answered and sent upstream', async () => {
    await withGateway({ SVC_REQUEST_ID_HEADER: 'X-Correlation-ID', SVC_TRUST_REQUEST_ID: 'true' }, async (gateway) => {
      received.length = 0
      const response = await send(gateway.url, { path: '/flow', headers: { 'X-Correlation-ID': 'corr-7' } })
      expect(response.headers['x-correlation-id']).toBe('corr-7')
      expect(response.headers['x-request-id']).toBeUndefined()
      expect(received.at(-1)!['x-correlation-id']).toBe('corr-7')
    })
  })

  it('an invalid SVC_REQUEST_ID_HEADER stops the start (CF3)', async () => {
    await expect(startBundle(join(root, 'out'), { SVC_REQUEST_ID_HEADER: 'X Request' })).rejects.toThrow(
      /SVC_REQUEST_ID_HEADER/,
    )
  })
})
