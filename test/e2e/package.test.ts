/**
 * The package as users get it (issue 24): `npm pack` of this checkout, installed into a new project
 * offline (from the tarball and npm's local cache, which `npm ci` of the checkout filled), and then
 * used only through the installed commands: `svc-compile init` writes the project, `svc-compile`
 * builds it, `svc-test` runs its tests, `svc-lsp --stdio` answers an editor's initialize, and the
 * compiled bundle serves a request.
 *
 * The project installs with a lockfile made from this checkout's: the tarball plus every entry that
 * is not only for development, at the same place. `npm ci` then takes each package from the cache by
 * its integrity and needs no registry metadata, which a fresh machine's cache does not hold.
 */
import { execFileSync, spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node'

import { type RunningGateway, startBundle, temporaryDir } from '../helpers/gateway-process.js'
import { send } from '../helpers/http.js'

const ROOT = new URL('../../', import.meta.url).pathname
const NPM_TIMEOUT_MS = 240_000

interface PackedFile {
  readonly path: string
  readonly size: number
}
interface Packed {
  readonly filename: string
  readonly integrity: string
  readonly size: number
  readonly unpackedSize: number
  readonly files: readonly PackedFile[]
}
interface LockEntry {
  readonly dev?: boolean
  readonly [key: string]: unknown
}

/** npm as this test's Node runs it (npm's own script next to the node binary when PATH lacks it). */
function npm(args: readonly string[], cwd: string): string {
  return execFileSync('npm', [...args], {
    cwd,
    encoding: 'utf8',
    timeout: NPM_TIMEOUT_MS,
    env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' },
  })
}

/** An installed command of the project, as `npx --no-install` finds it (never the registry). */
function npx(project: string, args: readonly string[], input?: string): SpawnSyncReturns<string> {
  return spawnSync('npx', ['--no-install', ...args], {
    cwd: project,
    encoding: 'utf8',
    timeout: 120_000,
    input,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  })
}

/** The checkout's lockfile reduced to what an installed svc-gateway needs, plus the tarball itself. */
function consumerLockfile(tarball: string, packed: Packed): string {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>
  }
  const own = lock.packages['']!
  const packages: Record<string, unknown> = {
    '': { name: 'consumer', devDependencies: { 'svc-gateway': `file:${tarball}` } },
    'node_modules/svc-gateway': {
      version: own.version,
      resolved: `file:${tarball}`,
      integrity: packed.integrity,
      dev: true,
      license: own.license,
      dependencies: own.dependencies,
      optionalDependencies: own.optionalDependencies,
      engines: own.engines,
      bin: own.bin,
    },
  }
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === '' || entry.dev === true || entry.link === true) continue
    // every package of the consumer is a development dependency, as svc-gateway is
    packages[path] = { ...entry, dev: true, devOptional: undefined }
  }
  return `${JSON.stringify({ name: 'consumer', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`
}

describe('the packed package installed into a new project', () => {
  let work: string
  let project: string
  let packed: Packed
  let gateway: RunningGateway | undefined

  beforeAll(() => {
    work = temporaryDir('svc-package-')
    project = join(work, 'consumer')
    // build/ is fresh: `npm test` builds it first; --ignore-scripts keeps pack from building it again
    packed = (JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', work], ROOT)) as Packed[])[0]!
    const tarball = join(work, packed.filename)
    mkdirSync(project)
    writeFileSync(
      join(project, 'package.json'),
      `${JSON.stringify({ name: 'consumer', private: true, devDependencies: { 'svc-gateway': `file:${tarball}` } }, null, 2)}\n`,
    )
    writeFileSync(join(project, 'package-lock.json'), consumerLockfile(tarball, packed))
    const started = Date.now()
    npm(['ci', '--offline', '--loglevel=error'], project)
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.info(
      `package: ${packed.filename} ${(packed.size / 1024).toFixed(0)} KiB packed, ${(packed.unpackedSize / 1024).toFixed(0)} KiB unpacked, ${packed.files.length} files; offline install ${seconds} s`,
    )
  }, NPM_TIMEOUT_MS * 2)

  afterAll(async () => {
    await gateway?.stop()
    if (work) rmSync(work, { recursive: true, force: true })
  })

  it('holds the commands, the runtime and the docs, and no tests, benchmarks or fixtures', () => {
    const paths = packed.files.map((file) => file.path)
    for (const required of [
      'LICENSE',
      'README.md',
      'package.json',
      'bin/svc-compile.mjs',
      'build/svc-compile.mjs',
      'build/svc-test.mjs',
      'build/svc-lsp.mjs',
      'build/skeletons.json',
      'runtime/surface.ts',
      'templates/init/definition.yaml',
      'schemas/flow.xsd',
      'Dockerfile',
    ]) {
      expect(paths, required).toContain(required)
    }
    const unwanted = paths.filter(
      (path) =>
        /^(test|bench|examples|editors|scripts|\.ci)\//.test(path) ||
        /\.test\.[cm]?[jt]s$/.test(path) ||
        /(^|\/)fixtures?\//.test(path),
    )
    expect(unwanted).toEqual([])
  })

  it('svc-compile init writes a project beside the existing package.json, and refuses to overwrite it', () => {
    const init = npx(project, ['svc-compile', 'init'])
    expect(init.stderr).toBe('')
    expect(init.status).toBe(0)
    expect(init.stdout).toContain('definition.yaml')
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>
      devDependencies: Record<string, string>
    }
    expect(Object.keys(manifest.scripts).sort()).toEqual(['build', 'start', 'test'])
    // the dependency on the tarball stays as it was
    expect(manifest.devDependencies['svc-gateway']).toMatch(/^file:/)
    for (const path of [
      'definition.yaml',
      'flows/hello.xml',
      'tests/hello.xml',
      'Dockerfile',
      '.gitignore',
      '.github/workflows/ci.yml',
      '.vscode/settings.json',
      'README.md',
    ]) {
      expect(existsSync(join(project, path)), path).toBe(true)
    }
    const flow = readFileSync(join(project, 'flows/hello.xml'), 'utf8')
    writeFileSync(join(project, 'flows/hello.xml'), `${flow}<!-- edited -->\n`)
    const again = npx(project, ['svc-compile', 'init'])
    expect(again.status).toBe(1)
    expect(again.stderr).toMatch(/already has .*flows\/hello\.xml.*nothing written/)
    expect(readFileSync(join(project, 'flows/hello.xml'), 'utf8')).toBe(`${flow}<!-- edited -->\n`)
  })

  it('svc-compile builds the project, type-checked, with no diagnostics', () => {
    const build = npx(project, ['svc-compile', 'definition.yaml', '-o', 'dist', '--typecheck'])
    expect(build.stderr).toBe('')
    expect(build.status).toBe(0)
    expect(build.stdout).toMatch(/1 route/)
    expect(existsSync(join(project, 'dist/server.mjs'))).toBe(true)
  })

  it('svc-test runs the project tests, also as npm test', () => {
    const tests = npx(project, ['svc-test', 'tests/hello.xml'])
    expect(tests.stdout).toMatch(/^ok 1 /m)
    expect(tests.status).toBe(0)
    const npmTest = spawnSync('npm', ['test'], { cwd: project, encoding: 'utf8', timeout: 120_000 })
    expect(npmTest.status, npmTest.stdout + npmTest.stderr).toBe(0)
  })

  it('svc-lsp --stdio answers initialize', async () => {
    const child = spawn('npx', ['--no-install', 'svc-lsp', '--stdio'], { cwd: project })
    const connection = createMessageConnection(
      new StreamMessageReader(child.stdout),
      new StreamMessageWriter(child.stdin),
    )
    connection.listen()
    try {
      const result = await connection.sendRequest<{
        serverInfo: { name: string }
        capabilities: Record<string, unknown>
      }>('initialize', { processId: process.pid, rootUri: `file://${project}`, capabilities: {} })
      expect(result.serverInfo.name).toBe('svc-lsp')
      expect(result.capabilities).toHaveProperty('hoverProvider')
    } finally {
      connection.dispose()
      child.kill()
    }
  })

  it('the compiled bundle serves the flow', async () => {
    gateway = await startBundle(join(project, 'dist'))
    const res = await send(gateway.url, { path: '/api/hello?name=Ada' })
    expect(res.status).toBe(200)
    expect(JSON.parse(res.body)).toEqual({ greeting: 'Hello, Ada!' })
  })
})
