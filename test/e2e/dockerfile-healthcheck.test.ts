/**
 * The Dockerfile's HEALTHCHECK command, taken from the Dockerfile as Docker reads it (the JSON exec
 * form) and run with node against a real compiled bundle: it asks the path the gateway serves its
 * health endpoint on (`SVC_HEALTH_PATH`, `/_svc/health` when unset), only checks the port when the
 * endpoint is off (`SVC_HEALTH_PATH=""`), asks the admin port when there is one (`SVC_ADMIN_PORT`),
 * and fails when nothing listens.
 */
import { spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { compile } from '../../compiler/index.js'
import { type RunningGateway, startBundle, temporaryDir } from '../helpers/gateway-process.js'

/** The arguments of `HEALTHCHECK ... CMD [...]` in the Dockerfile. */
function healthCheckCommand(): string[] {
  const dockerfile = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8')
  const line = dockerfile.split('\n').find((l) => l.startsWith('HEALTHCHECK '))
  if (line === undefined) throw new Error('the Dockerfile has no HEALTHCHECK')
  // Docker runs the exec form only when the text after CMD is a JSON array (else it is a shell command)
  const command: unknown = JSON.parse(line.slice(line.indexOf(' CMD ') + 5))
  if (!Array.isArray(command) || !command.every((part) => typeof part === 'string'))
    throw new Error('HEALTHCHECK CMD is not a JSON array of strings')
  return command
}

/** Runs the health check (its `node` is the node running the tests) with only `env`; its exit status. */
function runHealthCheck(env: Record<string, string>): Promise<number | null> {
  const [program, ...args] = healthCheckCommand()
  expect(program).toBe('node')
  const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'ignore' })
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)))
}

describe('Dockerfile HEALTHCHECK', () => {
  let outDir = ''
  const gateways: RunningGateway[] = []
  const start = async (env: Record<string, string>) => {
    const gateway = await startBundle(outDir, env)
    gateways.push(gateway)
    return gateway
  }

  beforeAll(async () => {
    outDir = temporaryDir('svc-healthcheck-')
    const result = await compile(new URL('../../examples/quickstart/definition.yaml', import.meta.url).pathname, {
      outDir,
    })
    expect(result.ok).toBe(true)
  })
  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.stop()))
    if (outDir) rmSync(outDir, { recursive: true, force: true })
  })

  it('asks /_svc/health when SVC_HEALTH_PATH is unset', async () => {
    const gateway = await start({})
    expect(await runHealthCheck({ PORT: String(gateway.port) })).toBe(0)
    expect(await runHealthCheck({ PORT: String(gateway.port), HOST: '0.0.0.0' })).toBe(0)
    // a path this gateway does not serve its health on: 404, unhealthy
    expect(await runHealthCheck({ PORT: String(gateway.port), SVC_HEALTH_PATH: '/healthz' })).toBe(1)
  })

  it('follows SVC_HEALTH_PATH', async () => {
    const gateway = await start({ SVC_HEALTH_PATH: '/healthz' })
    expect(await runHealthCheck({ PORT: String(gateway.port), SVC_HEALTH_PATH: '/healthz' })).toBe(0)
    expect(await runHealthCheck({ PORT: String(gateway.port) })).toBe(1)
  })

  it('asks the admin port when SVC_ADMIN_PORT is set (operations.md HL6)', async () => {
    const gateway = await start({ SVC_ADMIN_PORT: '0' })
    const listening = await gateway.waitForLog((line) => line.message === 'listening')
    const adminPort = String(listening.adminPort)
    expect(await runHealthCheck({ PORT: String(gateway.port), SVC_ADMIN_PORT: adminPort })).toBe(0)
    // PORT alone no longer answers the health path
    expect(await runHealthCheck({ PORT: String(gateway.port) })).toBe(1)
  })

  it('only checks the port when the endpoint is off, and fails once the gateway is gone', async () => {
    const gateway = await start({ SVC_HEALTH_PATH: '' })
    const env = { PORT: String(gateway.port), SVC_HEALTH_PATH: '' }
    expect(await runHealthCheck(env)).toBe(0)
    await gateway.stop()
    expect(await runHealthCheck(env)).toBe(1)
    expect(await runHealthCheck({ PORT: String(gateway.port) })).toBe(1)
  })
})
