/**
 * `svc-compile <definition> -o <outdir> --watch` (operations.md CL2, CL7): builds into `<outdir>`,
 * then rebuilds on every change of the project (debounced by 100 ms). A build with errors prints its
 * diagnostics and writes nothing, so `<outdir>` keeps the last good build; the command never exits
 * because of compile errors. Like every build without `--typecheck`, watch builds do not type-check
 * the generated code. SIGTERM/SIGINT end it with exit status 0.
 */
import { dirname, relative, resolve } from 'node:path'

import { compile } from '../index.js'
import { errorCount, printDiagnostics, printFailure, printLine, type Streams } from './report.js'
import { stopSignal } from './stop-signal.js'
import { describeBuild, formatBytes, seconds } from './terminal.js'
import { watchInputs } from './watch-inputs.js'

export interface WatchOutputOptions extends Streams {
  readonly definition: string
  readonly outDir: string
  readonly revision?: string | undefined
  /** Resolves when watching should stop (default: SIGTERM or SIGINT). */
  readonly stopSignal?: Promise<void>
}

export async function watchOutput(options: WatchOutputOptions): Promise<number> {
  const definition = resolve(options.cwd, options.definition)
  const outDir = resolve(options.cwd, options.outDir)
  const shownOut = relative(options.cwd, outDir) || '.'
  let good = false
  const build = async (first: boolean): Promise<void> => {
    const started = performance.now()
    try {
      const result = await compile(definition, { outDir, revision: options.revision })
      printDiagnostics(options, result.diagnostics)
      const ms = performance.now() - started
      if (result.ok && result.summary !== null) {
        good = true
        const size =
          result.summary.bundleBytes === null ? '' : `, server.mjs ${formatBytes(result.summary.bundleBytes)}`
        printLine(
          options,
          `${first ? 'built' : 'rebuilt'} ${shownOut} in ${seconds(ms)}: ${describeBuild(result.summary)}${size}, revision ${result.summary.revision}`,
        )
        return
      }
      printLine(
        options,
        `${first ? 'build' : 'rebuild'} failed (${errorCount(result.diagnostics)}); ${good ? `${shownOut} keeps the last good build` : 'nothing written'}`,
      )
    } catch (error) {
      printFailure(options, error instanceof Error ? (error.stack ?? error.message) : String(error))
      printLine(
        options,
        `${first ? 'build' : 'rebuild'} failed (internal error); ${good ? `${shownOut} keeps the last good build` : 'nothing written'}`,
      )
    }
  }
  // Watching starts before the first build, so that no edit made meanwhile is missed (CL7).
  const first = build(true)
  const watcher = watchInputs({
    siteRoot: dirname(definition),
    outDir,
    rebuild: async () => first.then(() => build(false)),
  })
  await first
  await (options.stopSignal ?? stopSignal())
  watcher.close()
  return 0
}
