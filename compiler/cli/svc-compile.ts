/**
 * `svc-compile`: argv and printing around compile() (operations.md CL1-CL7, DB10). `-o` builds into a
 * folder, `--check` only checks, `--typecheck` also type-checks the generated modules (off by default:
 * it takes longer than the rest of a build), `--serve` compiles in memory and serves in this process
 * (compiler/serve/serve.ts), `--watch` rebuilds on every change (compiler/serve). Diagnostics go to
 * stderr in the CL4 shape with their codes (coloured on a terminal or with FORCE_COLOR); the one-line
 * summary of what was built goes to stdout. `--format json|sarif|github` prints the diagnostics as a
 * document on stdout instead, and the summary line moves to stderr; the exit status stays (CL5): 0
 * success, 1 errors in the project, 2 usage error. `svc-compile init` writes a new project
 * (compiler/init).
 */
import { parseArgs } from 'node:util'

import { DIAGNOSTIC_FORMATS, isDiagnosticFormat } from '../diagnostics/formats.js'
import { compile, InternalCompilerError } from '../index.js'
import { packageVersion } from '../package-root.js'
import { printDiagnostics } from '../serve/report.js'
import { serve } from '../serve/serve.js'
import { describeBuild, formatBytes, seconds } from '../serve/terminal.js'
import { watchOutput } from '../serve/watch-output.js'

const USAGE = `Usage:
  svc-compile <definition.yaml|json> -o <outdir> [--typecheck | --watch] [--format <f>] [--quiet]
  svc-compile <definition.yaml|json> --check [--typecheck] [--format <f>] [--quiet]
  svc-compile <definition.yaml|json> --serve [-p <port>] [--host <addr>] [-d <debug>] [--watch] [--quiet]
  svc-compile --print-schema definition|flow
  svc-compile init [<dir>]     write a new project (svc-compile init --help)

Options:
  -o, --out <dir>      output directory (server.mjs, src/, site/, build.json)
      --check          run every compile-time check, write nothing
      --serve          compile in memory and serve in this process
  -p, --port <n>       with --serve: port (default PORT or 8080)
      --host <addr>    with --serve: listen address (default HOST or 0.0.0.0)
  -d, --debug <cfg>    with --serve: debug configuration topic:level:sink (sets SVC_DEBUG)
      --watch          rebuild when the definition or a file of the project changes
      --typecheck      also type-check the generated modules (slower; a failure is a compiler bug)
      --format <f>     how diagnostics are printed: text (default, stderr), or on stdout
                       json, sarif (SARIF 2.1.0) or github (workflow commands); not with
                       --watch or --serve
      --quiet          do not print warnings and notes
      --print-schema <definition|flow>
                       print the JSON Schema of definitions or the XML Schema of flows
  -h, --help           show this help
      --version        print the version
`

/** Exit codes of CL5. */
const EXIT_OK = 0
const EXIT_ERRORS = 1
const EXIT_USAGE = 2

function usageError(message: string): number {
  process.stderr.write(`svc-compile: ${message}\n\n${USAGE}`)
  return EXIT_USAGE
}

const STREAMS = { stdout: process.stdout, stderr: process.stderr }

/** `--print-schema <name>`: the editor schema on stdout (compiler/language, loaded only here). */
async function printSchema(name: string, positionals: number): Promise<number> {
  const { SCHEMA_KINDS, schemaText } = await import('../language/schemas.js')
  const text = schemaText(name)
  if (text === undefined) return usageError(`unknown schema "${name}" (expected ${SCHEMA_KINDS.join(' or ')})`)
  if (positionals > 0) return usageError('--print-schema takes no definition file')
  process.stdout.write(text)
  return EXIT_OK
}

export async function main(argv: readonly string[]): Promise<number> {
  if (argv[0] === 'init') {
    const { runInit } = await import('../init/init-command.js')
    return runInit(argv.slice(1), STREAMS)
  }
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        out: { type: 'string', short: 'o' },
        check: { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
        serve: { type: 'boolean' },
        watch: { type: 'boolean' },
        typecheck: { type: 'boolean' },
        port: { type: 'string', short: 'p' },
        host: { type: 'string' },
        debug: { type: 'string', short: 'd' },
        'print-schema': { type: 'string' },
        format: { type: 'string' },
      },
    })
  } catch (error) {
    return usageError((error as Error).message)
  }
  const { values, positionals } = parsed
  if (values.help) {
    process.stdout.write(USAGE)
    return EXIT_OK
  }
  if (values.version) {
    process.stdout.write(`${packageVersion()}\n`)
    return EXIT_OK
  }
  if (values['print-schema'] !== undefined) return printSchema(values['print-schema'], positionals.length)
  if (positionals.length !== 1)
    return usageError(positionals.length === 0 ? 'missing definition file' : 'expected exactly one definition file')
  const modes = [values.out !== undefined && '-o', values.check && '--check', values.serve && '--serve'].filter(
    (mode): mode is string => typeof mode === 'string',
  )
  if (modes.length > 1) return usageError(`${modes.join(' and ')} cannot be combined`)
  if (modes.length === 0) return usageError('missing -o <outdir> (or --check, or --serve)')
  if (!values.serve) {
    const serveOnly = [
      values.port !== undefined && '-p',
      values.host !== undefined && '--host',
      values.debug !== undefined && '-d',
    ].find((option) => typeof option === 'string')
    if (serveOnly) return usageError(`${serveOnly} needs --serve`)
  }
  if (values.check && values.watch) return usageError('--watch cannot be combined with --check')
  if (values.typecheck && (values.serve || values.watch))
    return usageError(`--typecheck cannot be combined with ${values.serve ? '--serve' : '--watch'}`)
  const format = values.format ?? 'text'
  if (!isDiagnosticFormat(format))
    return usageError(`invalid --format "${format}" (expected ${DIAGNOSTIC_FORMATS.join(', ')})`)
  if (format !== 'text' && (values.serve || values.watch))
    return usageError(`--format ${format} cannot be combined with ${values.serve ? '--serve' : '--watch'}`)
  if (values.port !== undefined && (!/^\d+$/.test(values.port) || Number(values.port) > 65535))
    return usageError(`invalid port "${values.port}" (expected 0-65535)`)
  const definition = positionals[0]!
  const quiet = values.quiet === true
  const revision = process.env.SVC_REVISION || undefined
  const streams = { ...STREAMS, cwd: process.cwd(), quiet }

  try {
    if (values.serve) {
      return await serve({
        ...streams,
        definition,
        port: values.port,
        host: values.host,
        debug: values.debug,
        watch: values.watch === true,
        env: process.env,
      })
    }
    if (values.watch) return await watchOutput({ ...streams, definition, outDir: values.out!, revision })
    const started = performance.now()
    const result = await compile(definition, {
      outDir: values.check ? undefined : values.out,
      revision,
      typecheck: values.typecheck === true,
    })
    const elapsedMs = performance.now() - started
    printDiagnostics(streams, result.diagnostics, { format, elapsedMs, ok: result.ok && result.summary !== null })
    if (!result.ok || !result.summary) return EXIT_ERRORS
    const { bundleBytes, revision: built, typechecked } = result.summary
    const checked = typechecked === null ? '' : `, ${typechecked} modules type-checked`
    const size = bundleBytes === null ? 'nothing written (--check)' : `server.mjs ${formatBytes(bundleBytes)}`
    const done = bundleBytes === null ? 'checked' : 'built'
    // stdout belongs to the document of a machine format
    const summaryStream = format === 'text' ? process.stdout : process.stderr
    summaryStream.write(
      `svc-compile: ${describeBuild(result.summary)}${checked}, ${size}, revision ${built}, ${done} in ${seconds(elapsedMs)}\n`,
    )
    return EXIT_OK
  } catch (error) {
    const message = error instanceof InternalCompilerError ? error.message : ((error as Error).stack ?? String(error))
    process.stderr.write(`svc-compile: internal error: ${message}\n`)
    return EXIT_ERRORS
  }
}
