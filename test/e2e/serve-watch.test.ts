/**
 * `svc-compile --serve` and `--watch` as users run them (operations.md CL1, CL6, CL7, CL10, DB10):
 * the real command in a child process, a project in a temporary folder edited by the test. A good edit
 * is picked up on the same port; a broken edit prints its diagnostics while the last good build keeps
 * serving; `-o --watch` rewrites the output folder; SIGTERM ends with status 0. Every wait is for a
 * line the command writes, never a sleep.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

import { afterEach, describe, expect, it } from 'vitest'

import { temporaryDir } from '../helpers/gateway-process.js'
import { send } from '../helpers/http.js'

const ROOT = new URL('../../', import.meta.url).pathname
const BIN = join(ROOT, 'bin/svc-compile.mjs')

const DEFINITION = `swagger: "2.0"
basePath: /api
paths:
  /hello:
    get:
      x-svc-flow: flows/hello.xml
`
const flowSaying = (text: string) =>
  `<flow>\n  <eval out="$text">'${text}'</eval>\n  <dump in="$text" mime="text/plain"/>\n</flow>\n`

interface Command {
  readonly child: ChildProcess
  readonly stdout: string[]
  readonly stderr: string[]
  /** The first line of the stream (already written or still to come) matching `pattern`, after `from` lines. */
  waitFor(stream: 'stdout' | 'stderr', pattern: RegExp, from?: number): Promise<string>
  exited: Promise<number | null>
}

function startCommand(args: string[], cwd: string, env: Record<string, string> = {}): Command {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines = { stdout: [] as string[], stderr: [] as string[] }
  const waiters = new Set<() => void>()
  for (const name of ['stdout', 'stderr'] as const) {
    createInterface({ input: child[name]! }).on('line', (line) => {
      lines[name].push(line)
      for (const wake of [...waiters]) wake()
    })
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return {
    child,
    ...lines,
    exited,
    waitFor(stream, pattern, from = 0) {
      return new Promise((resolve, reject) => {
        const check = (): boolean => {
          const found = lines[stream].slice(from).find((line) => pattern.test(line))
          if (found === undefined) return false
          waiters.delete(check)
          resolve(found)
          return true
        }
        if (check()) return
        waiters.add(check)
        void exited.then((code) => {
          if (waiters.has(check))
            reject(
              new Error(
                `exited with ${code} before ${pattern}:\n${lines.stdout.join('\n')}\n${lines.stderr.join('\n')}`,
              ),
            )
        })
      })
    },
  }
}

const cleanup: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

function project(files: Record<string, string>): string {
  const dir = temporaryDir('svc-watch-')
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

function track(command: Command): Command {
  cleanup.push(async () => {
    if (command.child.exitCode === null) {
      command.child.kill('SIGTERM')
      await command.exited
    }
  })
  return command
}

async function listeningPort(command: Command): Promise<number> {
  const line = await command.waitFor('stderr', /"message":"listening"/)
  return (JSON.parse(line) as { port: number }).port
}

describe('CL6/CL7 svc-compile --serve --watch', () => {
  it('picks up a good edit on the same port, keeps serving the last good build after a broken one, exits 0 on SIGTERM', async () => {
    const dir = project({ 'definition.yaml': DEFINITION, 'flows/hello.xml': flowSaying('one') })
    const command = track(
      startCommand(['definition.yaml', '--serve', '--watch', '-p', '0', '--host', '127.0.0.1'], dir),
    )
    const port = await listeningPort(command)
    const url = `http://127.0.0.1:${port}`
    await command.waitFor(
      'stdout',
      /^svc-compile: serving 1 route, 1 flow on http:\/\/127\.0\.0\.1:\d+ \(revision [0-9a-f]{12}, built in [\d.]+ s\)$/,
    )
    expect((await send(url, { path: '/api/hello' })).body).toBe('one')

    // a good edit
    let mark = command.stdout.length
    writeFileSync(join(dir, 'flows/hello.xml'), flowSaying('two'))
    await command.waitFor('stdout', /^svc-compile: rebuilt in [\d.]+ s: 1 route, 1 flow, revision [0-9a-f]{12}$/, mark)
    expect((await send(url, { path: '/api/hello' })).body).toBe('two')

    // a broken edit: diagnostics on stderr, the last good build keeps serving
    mark = command.stdout.length
    const errMark = command.stderr.length
    writeFileSync(join(dir, 'flows/hello.xml'), '<flow>\n  <eval out="$text">tolowr(1)</eval>\n</flow>\n')
    await command.waitFor(
      'stdout',
      /^svc-compile: rebuild failed \(1 error\); still serving revision [0-9a-f]{12}$/,
      mark,
    )
    await command.waitFor('stderr', /^flows\/hello\.xml:2:21: error: unknown function tolowr\(\)/, errMark)
    expect((await send(url, { path: '/api/hello' })).body).toBe('two')

    // the fix, then a change of the definition (one file per step)
    mark = command.stdout.length
    writeFileSync(join(dir, 'flows/hello.xml'), flowSaying('three'))
    await command.waitFor('stdout', /^svc-compile: rebuilt in /, mark)
    expect((await send(url, { path: '/api/hello' })).body).toBe('three')
    mark = command.stdout.length
    writeFileSync(join(dir, 'definition.yaml'), DEFINITION.replace('/hello:', '/hi:'))
    await command.waitFor('stdout', /^svc-compile: rebuilt in /, mark)
    expect((await send(url, { path: '/api/hi' })).body).toBe('three')
    expect((await send(url, { path: '/api/hello' })).status).toBe(404)

    command.child.kill('SIGTERM')
    expect(await command.exited).toBe(0)
    expect(command.stderr.some((line) => line.includes('"message":"stopped"'))).toBe(true)
  })

  it('a first build with errors keeps the port open; a later good edit starts serving', async () => {
    const dir = project({ 'definition.yaml': DEFINITION, 'flows/hello.xml': '<flow>\n  <evall/>\n</flow>\n' })
    const command = track(
      startCommand(['definition.yaml', '--serve', '--watch', '-p', '0', '--host', '127.0.0.1'], dir),
    )
    const port = await listeningPort(command)
    await command.waitFor('stdout', /^svc-compile: build failed \(1 error\); listening on .*, waiting for changes$/)
    expect((await send(`http://127.0.0.1:${port}`, { path: '/api/hello' })).status).toBe(503)
    const mark = command.stdout.length
    writeFileSync(join(dir, 'flows/hello.xml'), flowSaying('fixed'))
    await command.waitFor('stdout', /^svc-compile: rebuilt in /, mark)
    expect((await send(`http://127.0.0.1:${port}`, { path: '/api/hello' })).body).toBe('fixed')
  })

  it('CL6/DB10: serve defaults to role devel and allows the Debug header; -d sets SVC_DEBUG; compile errors exit 1 without --watch', async () => {
    const dir = project({
      'definition.yaml': DEFINITION,
      'flows/hello.xml': `<flow>\n  <eval out="$text" if="svc-log('logged')">concat($server/role, ' ', $request/debug)</eval>\n  <dump in="$text" mime="text/plain"/>\n</flow>\n`,
    })
    const command = track(
      startCommand(['definition.yaml', '--serve', '-p', '0', '--host', '127.0.0.1', '-d', 'flow:info'], dir),
    )
    const port = await listeningPort(command)
    const url = `http://127.0.0.1:${port}`
    expect((await send(url, { path: '/api/hello', headers: { Debug: 'flow:info:append' } })).body).toBe(
      'devel flow:info:append\ninfo [flow] logged\n',
    )
    expect((await send(url, { path: '/api/hello' })).body).toBe('devel ')
    await command.waitFor('stderr', /"type":"svc_debug".*"message":"logged"/)

    const broken = project({ 'definition.yaml': DEFINITION, 'flows/hello.xml': '<flow>\n  <evall/>\n</flow>\n' })
    const failing = track(startCommand(['definition.yaml', '--serve', '-p', '0'], broken))
    expect(await failing.exited).toBe(1)
    expect(failing.stderr).toContain('1 error, 0 warnings')
  })
})

describe('CL7 svc-compile -o --watch', () => {
  it('rewrites the output folder after a good edit and keeps it after a broken one', async () => {
    const dir = project({ 'definition.yaml': DEFINITION, 'flows/hello.xml': flowSaying('one') })
    const command = track(startCommand(['definition.yaml', '-o', 'dist', '--watch'], dir))
    await command.waitFor(
      'stdout',
      /^svc-compile: built dist in [\d.]+ s: 1 route, 1 flow, server\.mjs [\d.]+ [KM]B, revision [0-9a-f]{12}$/,
    )
    const first = JSON.parse(readFileSync(join(dir, 'dist/build.json'), 'utf8')).revision
    let mark = command.stdout.length
    writeFileSync(join(dir, 'flows/hello.xml'), flowSaying('two'))
    await command.waitFor('stdout', /^svc-compile: rebuilt dist in /, mark)
    const second = JSON.parse(readFileSync(join(dir, 'dist/build.json'), 'utf8')).revision
    expect(second).not.toBe(first)
    expect(readFileSync(join(dir, 'dist/src/flows/hello.ts'), 'utf8')).toContain("'two'")
    mark = command.stdout.length
    writeFileSync(join(dir, 'flows/hello.xml'), '<flow>\n  <evall/>\n</flow>\n')
    await command.waitFor('stdout', /^svc-compile: rebuild failed \(1 error\); dist keeps the last good build$/, mark)
    expect(JSON.parse(readFileSync(join(dir, 'dist/build.json'), 'utf8')).revision).toBe(second)
    expect(existsSync(join(dir, 'dist/server.mjs'))).toBe(true)
    command.child.kill('SIGINT')
    expect(await command.exited).toBe(0)
  })
})
