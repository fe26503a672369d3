#!/usr/bin/env node
// Entry of the `svc-lsp` command (the language server, docs/editor.md): runs the server prepared by `npm ci` (scripts/build-cli.mjs).
import { loadCli } from './load-cli.mjs'

const { main } = await loadCli('svc-lsp')
const status = main(process.argv.slice(2))
if (status !== undefined) process.exitCode = status
