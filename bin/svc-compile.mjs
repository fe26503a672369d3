#!/usr/bin/env node
// Entry of the `svc-compile` command: runs the compiler prepared by `npm ci` (scripts/build-cli.mjs).
import { loadCli } from './load-cli.mjs'

const { main } = await loadCli('svc-compile')
process.exitCode = await main(process.argv.slice(2))
