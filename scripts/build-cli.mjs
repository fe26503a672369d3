// Prepares the command-line tools in build/ (run by `npm ci` through the `prepare` script, and before
// `npm test`): the compiler is TypeScript, and Node strips types from no file under node_modules, so
// an installed package must run JavaScript. Also writes the pieces of the skeletons in templates/
// (build/skeletons.json), so that a build need not load ts-morph, and the
// declarations of the runtime's public entry, so that svc-compile type-checks generated code quickly
// (compiler/emit/typecheck.ts falls back to the sources when these are older than them).
import { execFileSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

// Chunks are named by content: drop those of earlier builds
rmSync(new URL('../build/chunks', import.meta.url), { recursive: true, force: true })
await build({
  entryPoints: {
    'svc-compile': 'compiler/cli/svc-compile.ts',
    'svc-test': 'compiler/cli/svc-test.ts',
    'svc-lsp': 'compiler/lsp/main.ts',
    'skeleton-parts': 'compiler/emit/skeleton-parts.ts',
  },
  outdir: 'build',
  outExtension: { '.js': '.mjs' },
  // Modules a build needs only sometimes (the type check, ajv, the XSLT compiler) are imported where
  // they are used; splitting keeps them in chunks of their own, loaded only then.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
})

// The pieces of templates/ that every build fills, cut once here by ts-morph (compiler/emit/skeletons.ts)
const { prepareSkeletons } = await import(new URL('../build/skeleton-parts.mjs', import.meta.url).href)
writeFileSync(
  new URL('../build/skeletons.json', import.meta.url),
  `${JSON.stringify(prepareSkeletons(fileURLToPath(new URL('..', import.meta.url))), null, 2)}\n`,
)

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
  target: 'node22',
  legalComments: 'eof',
  banner: {
    js: "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
})

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.runtime-types.json'], { stdio: 'inherit' })
