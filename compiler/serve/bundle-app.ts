/**
 * Bundles one in-memory build for `--serve` (operations.md CL6, CL7): the generated modules (never
 * written to disk) with `src/app.ts` as the entry, `svc-gateway/runtime` left external and pointing at
 * the one runtime module of this process, everything else (e.g. ajv's helpers used by generated
 * validators) bundled in. The result is written to a numbered file in a private temporary folder and
 * imported; its `APP` is the CompiledApp to serve. No type-check and no source map: rebuilds stay fast.
 * svc-test loads its own entry (`tests.ts`) the same way, with a source map for error positions.
 */
import { writeFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { pathToFileURL } from 'node:url'

import { build, type Plugin } from 'esbuild'

import type { CompiledApp } from '../../runtime/app.js'
import { packageRoot } from '../package-root.js'
import { REQUIRE_BANNER } from './runtime-module.js'

const NAMESPACE = 'svc-src'

/** Resolves generated modules from the map and the runtime entry to the shared runtime file. */
function generatedModules(modules: ReadonlyMap<string, string>, runtimeUrl: string, resolveDir: string): Plugin {
  return {
    name: 'svc-generated-modules',
    setup(builder) {
      builder.onResolve({ filter: /^svc-gateway\/runtime$/ }, () => ({ path: runtimeUrl, external: true }))
      builder.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return { path: args.path, namespace: NAMESPACE }
        if (args.namespace !== NAMESPACE || !args.path.startsWith('.')) return undefined
        const joined = posix.join(posix.dirname(args.importer), args.path)
        for (const candidate of [joined.replace(/\.js$/, '.ts'), joined]) {
          if (modules.has(candidate)) return { path: candidate, namespace: NAMESPACE }
        }
        return undefined
      })
      builder.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
        contents: modules.get(args.path) ?? '',
        loader: args.path.endsWith('.ts') ? 'ts' : 'js',
        resolveDir,
      }))
    },
  }
}

export interface AppBundler {
  /** Bundles and imports the build's `APP`. */
  load(modules: ReadonlyMap<string, string>): Promise<CompiledApp>
  /** Bundles from `entry` (svc-test: `tests.ts`) and imports it; with its source map, for error positions. */
  loadModule(modules: ReadonlyMap<string, string>, entry: string): Promise<LoadedModule>
}

export interface LoadedModule {
  readonly exports: Readonly<Record<string, unknown>>
  /** URL of the imported bundle (as stack traces name it). */
  readonly url: string
  /** The bundle's source map (JSON text); sources are the generated modules' paths relative to `src/`. */
  readonly sourceMap: string
}

/** A bundler writing into `dir` (a private temporary folder) and importing the runtime from `runtimePath`. */
export function createAppBundler(dir: string, runtimePath: string): AppBundler {
  const runtimeUrl = pathToFileURL(runtimePath).href
  const root = packageRoot()
  let count = 0
  const bundle = async (modules: ReadonlyMap<string, string>, entry: string, sourceMap: boolean) => {
    const file = join(dir, `app-${++count}.mjs`)
    const result = await build({
      entryPoints: [entry],
      outfile: file,
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      sourcemap: sourceMap ? 'external' : false,
      sourcesContent: false,
      banner: { js: REQUIRE_BANNER },
      nodePaths: [join(root, 'node_modules')],
      plugins: [generatedModules(modules, runtimeUrl, root)],
      logLevel: 'silent',
    })
    const code = result.outputFiles.find((output) => !output.path.endsWith('.map'))!
    const map = result.outputFiles.find((output) => output.path.endsWith('.map'))
    writeFileSync(file, code.contents)
    const url = pathToFileURL(file).href
    return { exports: (await import(url)) as Record<string, unknown>, url, sourceMap: map?.text ?? '{}' }
  }
  return {
    async load(modules) {
      return (await bundle(modules, 'app.ts', false)).exports['APP'] as CompiledApp
    },
    loadModule: (modules, entry) => bundle(modules, entry, true),
  }
}
