/**
 * examples/fleet (issue 25): two gateways behind a real nginx, sharing a real Redis. Through the load
 * balancer, both gateways answer and the limit of 10 a minute holds for the fleet: the 11th request
 * is refused whichever gateway gets it. Skipped (one line) without redis-server or nginx.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { compileOrThrow, temporaryDir } from '../helpers/gateway-process.js'

interface Fleet {
  readonly url: string
  stop(): Promise<void>
}
interface FleetModule {
  missingCommands(): string[]
  startFleet(outDir: string): Promise<Fleet>
}

const EXAMPLE = new URL('../../examples/fleet/', import.meta.url)
const fleetModule = (await import(new URL('fleet.mjs', EXAMPLE).href)) as FleetModule
const missing = fleetModule.missingCommands()

describe.skipIf(missing.length > 0)(`examples/fleet (skipped without redis-server and nginx)`, () => {
  let outDir: string
  let fleet: Fleet

  beforeAll(async () => {
    outDir = temporaryDir('svc-fleet-build-')
    await compileOrThrow(join(EXAMPLE.pathname, 'definition.yaml'), outDir)
    fleet = await fleetModule.startFleet(outDir)
  }, 60_000)

  afterAll(async () => {
    await fleet?.stop()
    rmSync(outDir, { recursive: true, force: true })
  })

  it('through nginx both gateways answer, and the limit holds for the fleet', async () => {
    const answers: string[] = []
    for (let i = 0; i < 15; i++) {
      const response = await fetch(`${fleet.url}/api/hello`)
      answers.push(response.status === 200 ? await response.text() : String(response.status))
      expect(response.headers.get('ratelimit-policy')).toBe('"per-client";q=10;w=60')
    }
    expect(answers.filter((a) => a === 'hello from a').length).toBeGreaterThan(0)
    expect(answers.filter((a) => a === 'hello from b').length).toBeGreaterThan(0)
    expect(answers.filter((a) => a.startsWith('hello'))).toHaveLength(10)
    expect(answers.slice(10)).toEqual(['429', '429', '429', '429', '429'])
  })
})
