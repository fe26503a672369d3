/**
 * Bundles the generated modules with the runtime into one ESM file (operations.md CL2):
 * `<out>/server.mjs` plus its source map, which maps back to the modules in `<out>/src/`.
 */
import { statSync } from 'node:fs'
import { join } from 'node:path'

import { build } from 'esbuild'

import { packageRoot } from '../package-root.js'

/**
 * CommonJS dependencies bundled into ESM need a `require`; node:module provides one
 * (dependencies.md section 3).
 */
const BANNER =
  "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);"

/**
 * An optional peer of node-redis (`@redis/client`, rate-limits.md RL7) that it loads only on request
 * (a native hash for client-side caching), which the gateway never asks for: left out of the bundle,
 * so that its absence is the library's own optional case. (Its other one, `@opentelemetry/api`, is
 * bundled: the gateway's tracing uses it, operations.md TR1.)
 */
export const OPTIONAL_PEERS: readonly string[] = ['@node-rs/xxhash']

/** Bundles `<srcDir>/server.ts` into `<outFile>`; returns the bundle size in bytes. */
export async function bundleServer(srcDir: string, outFile: string): Promise<number> {
  const root = packageRoot()
  await build({
    entryPoints: [join(srcDir, 'server.ts')],
    outfile: outFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'eof',
    banner: { js: BANNER },
    external: [...OPTIONAL_PEERS],
    alias: { 'svc-gateway/runtime': join(root, 'runtime', 'surface.ts') },
    nodePaths: [join(root, 'node_modules')],
    logLevel: 'silent',
  })
  // The size on disk rather than from a metafile, which esbuild would build for every input just for this
  return statSync(outFile).size
}
