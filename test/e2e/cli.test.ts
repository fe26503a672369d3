/**
 * The `svc-compile` command as users run it (operations.md CL1-CL5): exit codes, diagnostics on
 * stderr in the CL4 shape with code frames, the summary line, and the output folder of CL2.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, sep } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { startBundle, temporaryDir } from '../helpers/gateway-process.js'
import { send } from '../helpers/http.js'

const ROOT = new URL('../../', import.meta.url).pathname
const BIN = join(ROOT, 'bin/svc-compile.mjs')
const QUICKSTART = join(ROOT, 'examples/quickstart')

function run(args: string[], cwd = ROOT, revision = '') {
  // FORCE_COLOR would colour the diagnostics even on a pipe (cli-formats.test.ts tests colour)
  const { FORCE_COLOR: _force, ...env } = process.env
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...env, SVC_REVISION: revision },
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

const cleanup: string[] = []
afterEach(() => {
  for (const dir of cleanup.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function project(files: Record<string, string>): string {
  const dir = temporaryDir('svc-cli-')
  cleanup.push(dir)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

describe('svc-compile', () => {
  it('CL1: --help prints the usage on stdout and exits 0', () => {
    const { code, stdout } = run(['--help'])
    expect(code).toBe(0)
    expect(stdout).toContain('svc-compile <definition.yaml|json> -o <outdir>')
  })

  it('CL1: --version prints the package version', () => {
    const { code, stdout } = run(['--version'])
    expect(code).toBe(0)
    expect(stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version)
  })

  it.each([
    ['no definition', []],
    ['no output directory', ['definition.yaml']],
    ['an unknown option', ['definition.yaml', '-o', 'out', '--frobnicate']],
    ['two definitions', ['a.yaml', 'b.yaml', '--check']],
  ])('CL5: a usage error (%s) exits 2', (_, args) => {
    const { code, stderr } = run(args)
    expect(code).toBe(2)
    expect(stderr).toMatch(/^svc-compile: /)
  })

  it('CL4/CL5: a broken project exits 1 with located diagnostics, a code frame and the summary; nothing is written', () => {
    const dir = project({
      'definition.yaml':
        'swagger: "2.0"\npaths:\n  /a:\n    x-svc-flow: flows/a.xml\n  /b:\n    x-svc-flow: flows/missing.xml\n',
      'flows/a.xml': '<flow>\n  <eval out="$x">1 +</eval>\n  <evall/>\n</flow>\n',
    })
    const out = join(dir, 'out')
    const { code, stderr } = run(['definition.yaml', '-o', out], dir)
    expect(code).toBe(1)
    const lines = stderr.split('\n').filter((line) => line !== '' && !line.startsWith(' '))
    expect(lines).toEqual([
      'definition.yaml:6:17: error: flow file flows/missing.xml not found [project/missing-flow]',
      expect.stringMatching(/^flows\/a\.xml:2:\d+: error: syntax error in expression: .* \[xpath\/syntax\]$/),
      'flows/a.xml:3:3: error: unknown action <evall>; did you mean <eval>? [flow/unknown-action]',
      expect.stringMatching(/^3 errors, 0 warnings in \d+\.\d\d s$/),
    ])
    expect(stderr).toContain(' 3 |   <evall/>\n   |   ^')
    expect(existsSync(out)).toBe(false)
  })

  it('CL3: --check reports success and writes nothing', () => {
    const dir = temporaryDir('svc-cli-')
    cleanup.push(dir)
    cpSync(QUICKSTART, dir, { recursive: true, filter: (source) => !source.includes('/dist') })
    const before = readdirSync(dir).sort()
    const { code, stdout } = run(['definition.yaml', '--check'], dir)
    expect(code).toBe(0)
    expect(stdout).toContain('nothing written')
    expect(readdirSync(dir).sort()).toEqual(before)
  })

  it('--typecheck type-checks every generated module and says so; a plain build does not claim it', () => {
    const out = temporaryDir('svc-out-')
    cleanup.push(out)
    const checked = run([join(QUICKSTART, 'definition.yaml'), '-o', out, '--typecheck'])
    expect(checked.code, checked.stderr).toBe(0)
    const written = (readdirSync(join(out, 'src'), { recursive: true }) as string[]).filter((path) =>
      statSync(join(out, 'src', path)).isFile(),
    )
    expect(written.length).toBeGreaterThan(1)
    expect(checked.stdout).toMatch(
      new RegExp(
        `^svc-compile: 4 routes, 5 flows, ${written.length} modules type-checked, server\\.mjs [\\d.]+ (KB|MB), revision [0-9a-f]{12}, built in \\d+\\.\\d\\d s\\n$`,
      ),
    )
    const plain = run([join(QUICKSTART, 'definition.yaml'), '--check'])
    expect(plain.code, plain.stderr).toBe(0)
    expect(plain.stdout).not.toContain('type-checked')
    const usage = run([join(QUICKSTART, 'definition.yaml'), '-o', out, '--watch', '--typecheck'])
    expect(usage.code).toBe(2)
    expect(usage.stderr).toContain('--typecheck cannot be combined with --watch')
  })

  it('CL2: an output folder inside the project is left out of the site copy, as are dot entries', () => {
    const dir = temporaryDir('svc-cli-')
    cleanup.push(dir)
    cpSync(QUICKSTART, dir, { recursive: true, filter: (source) => !source.includes('/dist') })
    const projectEntries = readdirSync(dir)
      .filter((name) => !name.startsWith('.'))
      .sort()
    expect(projectEntries).toContain('flows')
    mkdirSync(join(dir, 'node_modules', 'x'), { recursive: true })
    writeFileSync(join(dir, '.env'), 'SECRET=1')
    expect(run(['definition.yaml', '-o', 'dist'], dir).code).toBe(0)
    expect(run(['definition.yaml', '-o', 'dist'], dir).code).toBe(0)
    expect(readdirSync(join(dir, 'dist', 'site')).sort()).toEqual(projectEntries)
  })

  it('CL2: the output folder is self-contained and runs from anywhere', async () => {
    const out = temporaryDir('svc-out-')
    cleanup.push(out)
    writeFileSync(join(out, 'keep.txt'), 'not ours')
    mkdirSync(join(out, 'src', 'stale'), { recursive: true })
    const { code, stdout } = run([join(QUICKSTART, 'definition.yaml'), '-o', out])
    expect(code, stdout).toBe(0)
    expect(stdout).toMatch(/4 routes, 5 flows, server\.mjs [\d.]+ (KB|MB), revision [0-9a-f]{12}/)
    expect(readdirSync(out).sort()).toEqual(['build.json', 'keep.txt', 'server.mjs', 'server.mjs.map', 'site', 'src'])
    expect(existsSync(join(out, 'src', 'stale'))).toBe(false)
    expect(existsSync(join(out, 'site', 'flows', 'hello.xml'))).toBe(true)
    const build = JSON.parse(readFileSync(join(out, 'build.json'), 'utf8'))
    expect(Object.keys(build)).toEqual(['version', 'revision', 'definition', 'builtAt'])
    expect(build.definition).toBe('definition.yaml')
    const gateway = await startBundle(out)
    try {
      const res = await send(gateway.url, { path: '/api/hello?name=Ada' })
      expect(res.body).toBe('Hello, Ada!')
      const listening = JSON.parse(gateway.logLines.find((line) => line.includes('"listening"'))!)
      expect(listening.revision).toBe(build.revision)
    } finally {
      await gateway.stop()
    }
  })

  it('CL8: SVC_REVISION is embedded as the revision; without it, the revision is the hash of the generated modules', async () => {
    const named = temporaryDir('svc-out-')
    const hashed = temporaryDir('svc-out-')
    cleanup.push(named, hashed)
    expect(run([join(QUICKSTART, 'definition.yaml'), '-o', named], ROOT, 'release-42').code).toBe(0)
    expect(JSON.parse(readFileSync(join(named, 'build.json'), 'utf8')).revision).toBe('release-42')
    const gateway = await startBundle(named)
    try {
      expect(JSON.parse(gateway.logLines.find((line) => line.includes('"listening"'))!).revision).toBe('release-42')
    } finally {
      await gateway.stop()
    }
    expect(run([join(QUICKSTART, 'definition.yaml'), '-o', hashed]).code).toBe(0)
    const revision = JSON.parse(readFileSync(join(hashed, 'build.json'), 'utf8')).revision as string
    // each module's path (relative to src/) followed by its content, in path order; app.ts is
    // hashed with its own revision field still empty
    const src = join(hashed, 'src')
    const paths = (readdirSync(src, { recursive: true }) as string[])
      .map((path) => path.split(sep).join('/'))
      .filter((path) => statSync(join(src, path)).isFile())
    const hash = createHash('sha256')
    for (const path of paths.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
      const text = readFileSync(join(src, path), 'utf8')
      hash.update(path).update(path === 'app.ts' ? text.replace(JSON.stringify(revision), '""') : text)
    }
    expect(revision).toMatch(/^[0-9a-f]{12}$/)
    expect(hash.digest('hex').slice(0, 12)).toBe(revision)
  })
})
