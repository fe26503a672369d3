#!/usr/bin/env node
// Entry of the `svc-test` command: runs the build prepared by `npm ci` (scripts/build-cli.mjs).
import { loadCli } from './load-cli.mjs'

const { main } = await loadCli('svc-test')
process.exitCode = await main(process.argv.slice(2))
