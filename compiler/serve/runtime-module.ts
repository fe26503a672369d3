/**
 * The one runtime module that `svc-compile --serve` loads (operations.md CL6, CL7): the standalone
 * bundle of `runtime/index.ts` that scripts/build-cli.mjs writes to `build/runtime.mjs`. Every build
 * served in this process imports that same file, so the gateway and all hot-swapped builds share one
 * copy of the runtime (instanceof checks on Content, RaisedError and OXN nodes keep working). When the
 * prepared file is older than a runtime source (working from a checkout), the same bundle is made in a
 * temporary folder first.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { build } from 'esbuild'

import { OPTIONAL_PEERS } from '../emit/bundle.js'
import { packageRoot } from '../package-root.js'

/** The runtime's public entry, as the served builds see it. */
export type RuntimeModule = typeof import('../../runtime/index.js')

/** CommonJS dependencies bundled into ESM need a `require` (as in compiler/emit/bundle.ts). */
export const REQUIRE_BANNER =
  "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);"

function newestRuntimeSource(root: string): number {
  let newest = 0
  for (const entry of readdirSync(join(root, 'runtime'), { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.ts'))
      newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs)
  }
  return newest
}

/** Path of an up-to-date runtime bundle, building one when the prepared file is missing or stale. */
export async function runtimeModulePath(): Promise<string> {
  const root = packageRoot()
  const prepared = join(root, 'build', 'runtime.mjs')
  const sources = existsSync(join(root, 'runtime')) ? newestRuntimeSource(root) : 0
  if (existsSync(prepared) && statSync(prepared).mtimeMs >= sources) return prepared
  const key = createHash('sha256').update(`${root}\0${sources}`).digest('hex').slice(0, 16)
  const dir = join(tmpdir(), 'svc-gateway-runtime')
  const file = join(dir, `runtime-${key}.mjs`)
  if (existsSync(file)) return file
  mkdirSync(dir, { recursive: true })
  await build({
    entryPoints: [join(root, 'runtime', 'index.ts')],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    legalComments: 'eof',
    banner: { js: REQUIRE_BANNER },
    external: [...OPTIONAL_PEERS],
    nodePaths: [join(root, 'node_modules')],
    logLevel: 'silent',
  })
  return file
}

/** Loads the runtime module (once per process: the module cache keeps it). */
export async function loadRuntimeModule(path: string): Promise<RuntimeModule> {
  return (await import(pathToFileURL(path).href)) as RuntimeModule
}
