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

/** Bundles `<srcDir>/server.ts` into `<outFile>`; returns the bundle size in bytes. */
export async function bundleServer(srcDir: string, outFile: string): Promise<number> {
  const root = packageRoot()
  await build({
    entryPoints: [join(srcDir, 'server.ts')],
    outfile: outFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'eof',
    banner: { js: BANNER },
    alias: { 'svc-gateway/runtime': join(root, 'runtime', 'surface.ts') },
    nodePaths: [join(root, 'node_modules')],
    logLevel: 'silent',
  })
  // The size on disk rather than from a metafile, which esbuild would build for every input just for this
  return statSync(outFile).size
}
