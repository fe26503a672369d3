/**
 * `svc-test`: runs test documents (operations.md TS1-TS12). The runner comes with the tooling issue;
 * until then the command answers `--help` and `--version` and refuses to run tests.
 */
import { packageVersion } from '../emit/package-root.js'

const USAGE = `Usage:
  svc-test [--definition <file>] [-d <debug>] [--timeout <seconds>] <test.xml>...

Running test documents is not implemented yet.
`

export async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(USAGE)
    return 0
  }
  if (argv.includes('--version')) {
    process.stdout.write(`${packageVersion()}\n`)
    return 0
  }
  process.stderr.write('svc-test: running test documents is not implemented yet\n')
  return 2
}
