/**
 * Bundles one in-memory build for `--serve` (operations.md CL6, CL7): the generated modules (never
 * written to disk) with `src/app.ts` as the entry, `svc-gateway/runtime` left external and pointing at
 * the one runtime module of this process, everything else (e.g. ajv's helpers used by generated
 * validators) bundled in. The result is written to a numbered file in a private temporary folder and
 * imported; its `APP` is the CompiledApp to serve. No type-check and no source map: rebuilds stay fast.
 */
import { writeFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Plugin } from 'esbuild'
import type { CompiledApp } from '../../runtime/app.js'
import { packageRoot } from '../emit/package-root.js'
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
}

/** A bundler writing into `dir` (a private temporary folder) and importing the runtime from `runtimePath`. */
export function createAppBundler(dir: string, runtimePath: string): AppBundler {
  const runtimeUrl = pathToFileURL(runtimePath).href
  const root = packageRoot()
  let count = 0
  return {
    async load(modules) {
      const result = await build({
        entryPoints: ['app.ts'],
        bundle: true,
        write: false,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        banner: { js: REQUIRE_BANNER },
        nodePaths: [join(root, 'node_modules')],
        plugins: [generatedModules(modules, runtimeUrl, root)],
        logLevel: 'silent',
      })
      const file = join(dir, `app-${++count}.mjs`)
      writeFileSync(file, result.outputFiles[0]!.contents)
      const loaded = (await import(pathToFileURL(file).href)) as { APP: CompiledApp }
      return loaded.APP
    },
  }
}
