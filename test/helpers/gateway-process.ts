/**
 * Compiles a project into a temporary folder and runs its `server.mjs` as a child process on a free
 * port of 127.0.0.1 (style: end-to-end tests speak real HTTP to a real bundle).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'

import { formatReport } from '../../compiler/diagnostics/format.js'
import { compile, type CompileResult } from '../../compiler/index.js'

export interface RunningGateway {
  readonly url: string
  readonly port: number
  readonly outDir: string
  /** Every stderr line written so far (JSON log lines). */
  readonly logLines: string[]
  /** Process id of the server (memory checks read /proc/<pid>/status). */
  readonly pid: number
  /** The first JSON log line, already written or still to come, that matches `predicate`. */
  waitForLog(predicate: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>
  /** Stops the process and removes the output folder. */
  stop(): Promise<void>
}

export function temporaryDir(prefix = 'svc-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

/** Writes a project's files (site-relative path -> text) into a new temporary folder; returns it. */
export function writeProject(files: Record<string, string>, prefix = 'svc-project-'): string {
  const root = temporaryDir(prefix)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

/**
 * Compiles `definition` into `outDir`, type-checking the generated modules (a failure throws as an
 * internal compiler error); throws with the formatted diagnostics when the project has errors.
 */
export async function compileOrThrow(definition: string, outDir: string): Promise<CompileResult> {
  const result = await compile(definition, { outDir, typecheck: true })
  if (!result.ok) throw new Error(`compile failed:\n${formatReport(result.diagnostics, { cwd: process.cwd() })}`)
  return result
}

/** Starts `node <outDir>/server.mjs` with PORT=0 and waits for its `listening` line (LG8). */
export async function startBundle(outDir: string, env: Record<string, string> = {}): Promise<RunningGateway> {
  const child: ChildProcess = spawn(process.execPath, [join(outDir, 'server.mjs')], {
    cwd: tmpdir(),
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const logLines: string[] = []
  const waiters = new Set<(line: string) => void>()
  const lines = createInterface({ input: child.stderr! })
  lines.on('line', (line) => {
    for (const waiter of [...waiters]) waiter(line)
  })
  const port = await new Promise<number>((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`server exited with ${code} before listening:\n${logLines.join('\n')}`))
    child.once('exit', onExit)
    lines.on('line', (line) => {
      logLines.push(line)
      try {
        const record = JSON.parse(line) as { type?: string; message?: string; port?: number }
        if (record.type === 'svc_system' && record.message === 'listening' && typeof record.port === 'number') {
          child.off('exit', onExit)
          resolve(record.port)
        }
      } catch {
        // not a JSON line: keep it for the failure message
      }
    })
  })
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    outDir,
    logLines,
    pid: child.pid!,
    waitForLog(predicate) {
      const matching = (line: string) => {
        try {
          const record = JSON.parse(line) as Record<string, unknown>
          return predicate(record) ? record : undefined
        } catch {
          return undefined
        }
      }
      for (const line of logLines) {
        const found = matching(line)
        if (found) return Promise.resolve(found)
      }
      return new Promise((resolve) => {
        const waiter = (line: string) => {
          const found = matching(line)
          if (!found) return
          waiters.delete(waiter)
          resolve(found)
        }
        waiters.add(waiter)
      })
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await exited
      }
    },
  }
}

/** Compiles a project to a temporary folder and starts it. */
export async function startProject(definition: string, env: Record<string, string> = {}): Promise<RunningGateway> {
  const outDir = temporaryDir()
  await compileOrThrow(definition, outDir)
  const gateway = await startBundle(outDir, env)
  return {
    ...gateway,
    async stop() {
      await gateway.stop()
      rmSync(outDir, { recursive: true, force: true })
    },
  }
}
