/**
 * `svc-compile <definition> --serve [-p <port>] [--host <addr>] [-d <debug>] [--watch]` (operations.md
 * CL1, CL6, CL7, CL10, DB10): compiles in memory and serves in this process exactly as
 * `node <outdir>/server.mjs` would, from the site root itself. Unless set in the environment,
 * SVC_DEBUG_ALLOW_HEADER is `true` and SVC_SERVER_ROLE `devel`; `-p`, `--host` and `-d` set PORT, HOST
 * and SVC_DEBUG. Without `--watch` compile errors exit 1. With `--watch` the port stays open: each
 * successful rebuild is swapped in (requests in progress finish on the previous build), a failed one
 * prints its diagnostics and the last good build keeps serving; the first build may fail.
 * SIGTERM/SIGINT stop gracefully (CL10) and resolve with exit status 0.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'

import type { CompiledApp } from '../../runtime/app.js'
import { createAppBundler } from './bundle-app.js'
import { errorCount, printDiagnostics, printFailure, printLine, type Streams } from './report.js'
import { loadRuntimeModule, type RuntimeModule, runtimeModulePath } from './runtime-module.js'
import { buildForServe, type ServeBuild } from './serve-build.js'
import { stopSignal } from './stop-signal.js'
import { describeBuild, seconds } from './terminal.js'
import { watchInputs } from './watch-inputs.js'

export interface ServeOptions extends Streams {
  readonly definition: string
  readonly port?: string | undefined
  readonly host?: string | undefined
  readonly debug?: string | undefined
  readonly watch: boolean
  /** The process environment (CF2); not changed. */
  readonly env: Readonly<Record<string, string | undefined>>
  /** Resolves when the server should stop (default: SIGTERM or SIGINT). */
  readonly stopSignal?: Promise<void>
}

/** The environment the served gateway reads (CL6, DB10). */
export function serveEnvironment(options: ServeOptions): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...options.env }
  env['SVC_DEBUG_ALLOW_HEADER'] ??= 'true'
  env['SVC_SERVER_ROLE'] ??= 'devel'
  if (options.port !== undefined) env['PORT'] = options.port
  if (options.host !== undefined) env['HOST'] = options.host
  if (options.debug !== undefined) env['SVC_DEBUG'] = options.debug
  return env
}

function startProblem(runtime: RuntimeModule, logger: ReturnType<RuntimeModule['createLogger']>, error: unknown): void {
  if (error instanceof runtime.ConfigError)
    runtime.writeSystemLine(logger, 'error', error.message, { variable: error.variable })
  else
    runtime.writeSystemLine(logger, 'error', `cannot start: ${error instanceof Error ? error.message : String(error)}`)
}

export async function serve(options: ServeOptions): Promise<number> {
  const definition = resolve(options.cwd, options.definition)
  const siteRoot = dirname(definition)
  const env = serveEnvironment(options)
  const runtimePath = await runtimeModulePath()
  const runtime = await loadRuntimeModule(runtimePath)
  let host: InstanceType<RuntimeModule['SwapHost']>
  try {
    host = new runtime.SwapHost({ siteRoot, env })
  } catch (error) {
    startProblem(runtime, runtime.createLogger(), error)
    return 1
  }
  const tempDir = mkdtempSync(join(tmpdir(), 'svc-serve-'))
  const cleanup = (): void => rmSync(tempDir, { recursive: true, force: true })
  const bundler = createAppBundler(tempDir, runtimePath)
  const revision = env['SVC_REVISION'] || undefined
  let serving: string | null = null

  /** Installs a successful build; false (reported) when its gateway cannot start (CL9). */
  const install = (app: CompiledApp): boolean => {
    try {
      host.install(app)
      serving = app.revision
      return true
    } catch (error) {
      startProblem(runtime, host.logger, error)
      return false
    }
  }
  const report = (build: ServeBuild): void => {
    printDiagnostics(options, build.diagnostics)
    if (!build.ok && build.failure !== null) printFailure(options, build.failure)
  }

  // Watching starts before the first build, so that no edit made meanwhile is missed (CL7).
  let markStarted!: () => void
  const started = new Promise<void>((resolve) => (markStarted = resolve))
  const watcher = !options.watch
    ? null
    : watchInputs({
        siteRoot,
        rebuild: async () => {
          await started
          const build = await buildForServe(definition, bundler, revision)
          report(build)
          if (build.ok && install(build.app)) {
            printLine(
              options,
              `rebuilt in ${seconds(build.ms)}: ${describeBuild(build.summary)}, revision ${build.summary.revision}`,
            )
          } else {
            const still = serving === null ? 'nothing is served yet' : `still serving revision ${serving}`
            printLine(
              options,
              `rebuild failed (${build.ok ? 'cannot start' : errorCount(build.diagnostics)}); ${still}`,
            )
          }
        },
      })

  const stop = (): void => {
    watcher?.close()
    cleanup()
  }

  const first = await buildForServe(definition, bundler, revision)
  report(first)
  const installed = first.ok && install(first.app)
  if (!installed && !options.watch) {
    stop()
    return 1
  }
  let address: { host: string; port: number }
  try {
    address = await host.listen()
  } catch (error) {
    const { host: name, port } = host.config
    const code = (error as { code?: string }).code ?? (error instanceof Error ? error.message : String(error))
    runtime.writeSystemLine(host.logger, 'error', `cannot listen on ${name}:${port}: ${code}`, { host: name, port })
    stop()
    return 1
  }
  const app = host.gateway?.app
  runtime.writeSystemLine(host.logger, 'info', 'listening', {
    host: address.host,
    port: address.port,
    version: app?.version,
    revision: app?.revision,
    role: host.config.role ?? undefined,
  })
  const url = `http://${address.host.includes(':') ? `[${address.host}]` : address.host}:${address.port}`
  if (first.ok && installed)
    printLine(
      options,
      `serving ${describeBuild(first.summary)} on ${url} (revision ${first.summary.revision}, built in ${seconds(first.ms)})`,
    )
  else
    printLine(
      options,
      `build failed (${first.ok ? 'cannot start' : errorCount(first.diagnostics)}); listening on ${url}, waiting for changes`,
    )
  markStarted()

  await (options.stopSignal ?? stopSignal())
  watcher?.close()
  await host.close()
  cleanup()
  return 0
}
