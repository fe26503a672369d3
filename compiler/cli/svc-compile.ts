/**
 * `svc-compile`: argv and printing around compile() (operations.md CL1-CL5).
 */
import { parseArgs } from 'node:util'
import { compile, InternalCompilerError } from '../index.js'
import { formatReport } from '../diagnostics/format.js'
import { packageVersion } from '../emit/package-root.js'

const USAGE = `Usage:
  svc-compile <definition.yaml|json> -o <outdir> [--quiet]
  svc-compile <definition.yaml|json> --check [--quiet]

Options:
  -o, --out <dir>   output directory (server.mjs, src/, site/, build.json)
      --check       run every compile-time check, write nothing
      --quiet       do not print warnings and notes
  -h, --help        show this help
      --version     print the version
`

/** Exit codes of CL5. */
const EXIT_OK = 0
const EXIT_ERRORS = 1
const EXIT_USAGE = 2

function usageError(message: string): number {
  process.stderr.write(`svc-compile: ${message}\n\n${USAGE}`)
  return EXIT_USAGE
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`
}

export async function main(argv: readonly string[]): Promise<number> {
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
  if (values.serve || values.watch) return usageError(`${values.serve ? '--serve' : '--watch'} is not implemented yet`)
  if (positionals.length !== 1) return usageError(positionals.length === 0 ? 'missing definition file' : 'expected exactly one definition file')
  if (!values.out && !values.check) return usageError('missing -o <outdir> (or --check)')

  try {
    const result = await compile(positionals[0]!, {
      outDir: values.check ? undefined : values.out,
      revision: process.env.SVC_REVISION || undefined,
    })
    const report = formatReport(result.diagnostics, { cwd: process.cwd(), quiet: values.quiet === true })
    process.stderr.write(report)
    if (!result.ok || !result.summary) return EXIT_ERRORS
    const { routes, flows, bundleBytes, revision } = result.summary
    const size = bundleBytes === null ? 'nothing written (--check)' : `server.mjs ${formatBytes(bundleBytes)}`
    process.stdout.write(`svc-compile: ${plural(routes, 'route')}, ${plural(flows, 'flow')}, ${size}, revision ${revision}\n`)
    return EXIT_OK
  } catch (error) {
    const message = error instanceof InternalCompilerError ? error.message : (error as Error).stack ?? String(error)
    process.stderr.write(`svc-compile: internal error: ${message}\n`)
    return EXIT_ERRORS
  }
}
