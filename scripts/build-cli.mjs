// Prepares the command-line tools in build/ (run by `npm ci` through the `prepare` script, and before
// `npm test`): the compiler is TypeScript, which Node 20 cannot run directly. Also writes the
// declarations of the runtime's public entry, so that svc-compile type-checks generated code quickly
// (compiler/emit/typecheck.ts falls back to the sources when these are older than them).
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { build } from 'esbuild'

await build({
  entryPoints: { 'svc-compile': 'compiler/cli/svc-compile.ts', 'svc-test': 'compiler/cli/svc-test.ts' },
  outdir: 'build',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
})

// The runtime as one standalone module for `svc-compile --serve`: every build served in process imports
// this one file, so the running gateway and all hot-swapped builds share one copy of the runtime
// (compiler/serve/runtime-module.ts builds the same file into a temporary folder when it is stale).
await build({
  entryPoints: { runtime: 'runtime/index.ts' },
  outdir: 'build',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'eof',
  banner: { js: "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);" },
  logLevel: 'warning',
})

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.runtime-types.json'], { stdio: 'inherit' })
