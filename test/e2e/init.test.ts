/**
 * `svc-compile init` run as a user runs it (issue 24): the command writes a new project, which
 * compiles with no diagnostics, passes its own svc-test file and serves its flow over HTTP; it never
 * replaces a file. (test/e2e/package.test.ts runs the same scaffold from the installed package.)
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { compileOrThrow, type RunningGateway, startBundle, temporaryDir } from '../helpers/gateway-process.js'
import { send } from '../helpers/http.js'

const ROOT = new URL('../../', import.meta.url).pathname
const work = temporaryDir('svc-init-')
let gateway: RunningGateway | undefined

afterAll(async () => {
  await gateway?.stop()
  rmSync(work, { recursive: true, force: true })
})

function run(command: 'svc-compile' | 'svc-test', args: readonly string[], cwd = work) {
  return spawnSync(process.execPath, [join(ROOT, 'bin', `${command}.mjs`), ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
  })
}

describe('svc-compile init', () => {
  const project = join(work, 'Orders API')

  it('writes the project into a new folder and says what to run next', () => {
    const init = run('svc-compile', ['init', 'Orders API'])
    expect(init.stderr).toBe('')
    expect(init.status).toBe(0)
    expect(init.stdout).toContain('cd "Orders API"')
    for (const path of [
      'definition.yaml',
      'flows/hello.xml',
      'tests/hello.xml',
      'package.json',
      'README.md',
      'Dockerfile',
      '.gitignore',
      '.github/workflows/ci.yml',
      '.vscode/settings.json',
      '.vscode/extensions.json',
    ]) {
      expect(existsSync(join(project, path)), path).toBe(true)
      expect(init.stdout).toContain(`  ${path}\n`)
    }
    expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).name).toBe('orders-api')
    expect(readFileSync(join(project, 'README.md'), 'utf8')).toMatch(/^# orders-api\n/)
    expect(readFileSync(join(project, 'Dockerfile'), 'utf8')).toBe(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'))
    expect(readFileSync(join(project, '.github/workflows/ci.yml'), 'utf8')).toContain('--format github')
  })

  it('compiles with no diagnostics, passes its tests and serves', async () => {
    const outDir = join(project, 'dist')
    const result = await compileOrThrow(join(project, 'definition.yaml'), outDir)
    expect(result.diagnostics).toEqual([])
    const tests = run('svc-test', ['tests/hello.xml'], project)
    expect(tests.stdout).toMatch(/^ok 1 /m)
    expect(tests.status).toBe(0)
    gateway = await startBundle(outDir)
    const hello = await send(gateway.url, { path: '/api/hello?name=Grace' })
    expect(hello.status).toBe(200)
    expect(JSON.parse(hello.body)).toEqual({ greeting: 'Hello, Grace!' })
    expect(JSON.parse((await send(gateway.url, { path: '/api/hello' })).body)).toEqual({ greeting: 'Hello, world!' })
  })

  it('writes nothing when one of its files exists, and names it', () => {
    const dir = join(work, 'half')
    mkdirSync(join(dir, 'flows'), { recursive: true })
    writeFileSync(join(dir, 'flows', 'hello.xml'), '<flow/>\n')
    writeFileSync(join(dir, 'README.md'), 'mine\n')
    const init = run('svc-compile', ['init', 'half'])
    expect(init.status).toBe(1)
    expect(init.stderr).toBe(
      'svc-compile init: half already has flows/hello.xml, README.md; nothing written (init never replaces a file)\n',
    )
    expect(existsSync(join(dir, 'definition.yaml'))).toBe(false)
    expect(existsSync(join(dir, 'package.json'))).toBe(false)
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe('mine\n')
  })

  it('adds its scripts to an existing package.json in the current folder', () => {
    const dir = join(work, 'existing')
    mkdirSync(dir)
    writeFileSync(join(dir, 'package.json'), '{\n  "name": "existing",\n  "scripts": { "start": "node mine.js" }\n}\n')
    const init = run('svc-compile', ['init'], dir)
    expect(init.status).toBe(0)
    expect(init.stdout).toContain('package.json (added script "build", script "test", devDependency svc-gateway)')
    expect(init.stdout).not.toContain('  cd ')
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
    expect(manifest.scripts.start).toBe('node mine.js')
    expect(Object.keys(manifest.scripts)).toEqual(['start', 'build', 'test'])
  })

  it('answers a package.json that is not JSON, and usage errors, with their exit statuses', () => {
    const dir = join(work, 'broken')
    mkdirSync(dir)
    writeFileSync(join(dir, 'package.json'), '{ not json')
    const broken = run('svc-compile', ['init', 'broken'])
    expect(broken.status).toBe(1)
    expect(broken.stderr).toMatch(/^svc-compile init: broken\/package\.json: .*JSON.*; nothing written\n$/)
    expect(existsSync(join(dir, 'definition.yaml'))).toBe(false)

    const two = run('svc-compile', ['init', 'a', 'b'])
    expect(two.status).toBe(2)
    expect(two.stderr).toMatch(/^svc-compile init: expected at most one folder\n\nUsage:/)
    const unknown = run('svc-compile', ['init', '--force'])
    expect(unknown.status).toBe(2)
    expect(unknown.stderr).toMatch(/Unknown option '--force'/)
    const help = run('svc-compile', ['init', '--help'])
    expect(help.status).toBe(0)
    expect(help.stdout).toMatch(/^Usage:\n {2}svc-compile init \[<dir>\]/)
    expect(existsSync(join(work, 'a'))).toBe(false)
  })
})
