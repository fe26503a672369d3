/**
 * `svc-lsp`: the language server over stdio (`--stdio`, the default and the only transport), for any
 * LSP client. docs/editor.md says how to use it.
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node'

import { packageVersion } from '../package-root.js'
import { startServer } from './server.js'

const USAGE = `Usage: svc-lsp [--stdio]

The svc-gateway language server: speaks the Language Server Protocol on stdin/stdout.
See docs/editor.md.
`

/** Exit status when the arguments are wrong; otherwise the server runs until the client ends it. */
export function main(argv: readonly string[]): number | undefined {
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') {
      process.stdout.write(USAGE)
      return 0
    }
    if (arg === '--version') {
      process.stdout.write(`${packageVersion()}\n`)
      return 0
    }
    if (arg !== '--stdio') {
      process.stderr.write(`svc-lsp: unknown argument ${arg}\n${USAGE}`)
      return 2
    }
  }
  // stdout carries the protocol: whatever a dependency prints goes to stderr instead
  console.log = console.info = console.debug = console.error.bind(console)
  startServer(createConnection(ProposedFeatures.all, process.stdin, process.stdout))
  return undefined
}
