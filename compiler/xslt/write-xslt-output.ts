/**
 * The XSLT files of a build's output folder (operations.md CL2; actions.md ACT-xslt;
 * dependencies.md section 3, layout A), written only when a flow uses `xslt`:
 *
 * - `xslt/<name>-<hash>.sef.json`: the compiled stylesheets;
 * - `saxon.cjs`: SaxonJS bundled on its own as CommonJS (it cannot live in the strict-mode ESM
 *   bundle), loaded by the runtime on the first transformation. Its HTTP client dependency is
 *   replaced by an empty module: the gateway never lets the engine fetch anything. The bundle is
 *   cached by the versions that make it;
 * - `THIRD-PARTY-NOTICES.txt`: SaxonJS's licence, which must travel with it. SaxonJS itself is never
 *   part of this repository: it is taken from the installed package at build time.
 */
import { createHash, randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

import { build, version as esbuildVersion } from 'esbuild'

import { XSLT_ENGINE_FILE } from '../../runtime/xslt/setup.js'
import type { CompiledStylesheets } from './compile-stylesheets.js'
import { cacheRoot } from './stylesheet-cache.js'
import { installedFile } from './xslt3.js'

export const NOTICES_FILE = 'THIRD-PARTY-NOTICES.txt'

/** Output entries this module writes (removed by the next build, CL2). */
export const XSLT_OUTPUT_ENTRIES = [XSLT_ENGINE_FILE, 'xslt', NOTICES_FILE] as const

export async function writeXsltOutput(outDir: string, stylesheets: CompiledStylesheets): Promise<void> {
  if (stylesheets.size === 0) return
  for (const [name, text] of stylesheets) {
    const file = join(outDir, name)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, text)
  }
  const engine = await bundledEngine()
  writeFileSync(join(outDir, XSLT_ENGINE_FILE), engine.code)
  writeFileSync(join(outDir, NOTICES_FILE), notices(engine.version, engine.licence))
}

interface Engine {
  readonly version: string
  readonly licence: string
  readonly code: string
}

/** SaxonJS as one CommonJS file, from the cache or bundled now. */
async function bundledEngine(): Promise<Engine> {
  const manifest = installedFile('saxon-js/package.json')
  if (manifest === undefined) throw new Error('the optional package saxon-js is not installed')
  const root = dirname(manifest)
  const version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
  const licence = readFileSync(join(root, 'LICENSE.txt'), 'utf8')
  const key = createHash('sha256')
    .update(`saxon-js ${version}\0esbuild ${esbuildVersion}\0${BUNDLE_RECIPE}`)
    .digest('hex')
  const dir = join(cacheRoot(), 'engine')
  const cached = join(dir, `${key}.cjs`)
  try {
    return { version, licence, code: readFileSync(cached, 'utf8') }
  } catch {
    // not cached yet
  }
  const result = await build({
    entryPoints: [join(root, 'SaxonJS2N.js')],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    legalComments: 'inline',
    logLevel: 'silent',
    plugins: [
      {
        name: 'no-http-client',
        setup(plugin) {
          plugin.onResolve({ filter: /^axios$/ }, () => ({ path: 'axios', namespace: 'svc-empty' }))
          plugin.onLoad({ filter: /.*/, namespace: 'svc-empty' }, () => ({ contents: BUNDLE_RECIPE, loader: 'js' }))
        },
      },
    ],
  })
  const code = result.outputFiles[0]!.text
  mkdirSync(dir, { recursive: true })
  const temporary = `${cached}.${randomBytes(6).toString('hex')}.tmp`
  writeFileSync(temporary, code)
  try {
    linkSync(temporary, cached)
  } catch {
    // made by another build meanwhile: same inputs, same bundle
  } finally {
    rmSync(temporary, { force: true })
  }
  return { version, licence, code }
}

/** The module that stands in for the engine's HTTP client (part of the cache key). */
const BUNDLE_RECIPE = 'module.exports = {}'

function notices(version: string, licence: string): string {
  return [
    `${XSLT_ENGINE_FILE} in this folder is SaxonJS ${version} (npm package saxon-js), copyright Saxonica Ltd, in its`,
    'binary form as published, wrapped as one CommonJS module for the xslt actions of this application.',
    'It is distributed under this licence:',
    '',
    licence.trimEnd(),
    '',
  ].join('\n')
}
