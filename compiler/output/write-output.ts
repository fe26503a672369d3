/**
 * Writes a build to its output directory (operations.md CL2): removes what an earlier build wrote,
 * then writes `src/`, `site/` (a copy of the site root), `server.mjs` (+ map), `build.json` and, for
 * builds that use `xslt`, the XSLT engine, compiled stylesheets and notices (compiler/xslt).
 */
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'

import { bundleServer } from '../emit/bundle.js'
import type { CompiledStylesheets } from '../xslt/compile-stylesheets.js'
import { writeXsltOutput, XSLT_OUTPUT_ENTRIES } from '../xslt/write-xslt-output.js'

/** Files and folders a build owns inside the output directory. */
const OWNED = ['server.mjs', 'server.mjs.map', 'src', 'site', 'build.json', ...XSLT_OUTPUT_ENTRIES]

export interface BuildInfo {
  readonly version: string
  readonly revision: string
  /** The definition's file name. */
  readonly definition: string
}

export function formatBuiltAt(date: Date): string {
  return date.toISOString().replace('Z', '+00:00')
}

/** True when `inner` is `outer` or lies below it. */
function isWithin(inner: string, outer: string): boolean {
  const rel = relative(outer, inner)
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && rel !== '..')
}

/**
 * Copies the site root without the output directory, node_modules and dot entries (CL2). A symbolic
 * link whose target lies inside the site root stays a link, to the same place in the copy (so `serve`
 * can still tell a link out of its folder, actions.md ACT-serve-2); other links are left out, so the
 * copy never contains files from outside the project (definition.md D14).
 */
function copySite(siteRoot: string, target: string, outDir: string): void {
  const realRoot = realpathSync(siteRoot)
  const copyDir = (from: string, to: string): void => {
    mkdirSync(to, { recursive: true })
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
      const source = join(from, entry.name)
      if (isWithin(resolve(source), outDir)) continue
      let real: string
      try {
        real = realpathSync(source)
      } catch {
        continue // a dangling link
      }
      if (!isWithin(real, realRoot) || isWithin(real, outDir)) continue
      if (entry.isSymbolicLink()) {
        symlinkSync(relative(to, join(target, relative(realRoot, real))) || '.', join(to, entry.name))
        continue
      }
      const stat = statSync(real)
      if (stat.isDirectory()) copyDir(source, join(to, entry.name))
      else if (stat.isFile()) copyFileSync(real, join(to, entry.name))
    }
  }
  copyDir(siteRoot, target)
}

/** Writes the build; returns the size of server.mjs in bytes. */
export async function writeOutput(
  outDir: string,
  siteRoot: string,
  modules: ReadonlyMap<string, string>,
  info: BuildInfo,
  stylesheets: CompiledStylesheets = new Map(),
): Promise<number> {
  const out = resolve(outDir)
  mkdirSync(out, { recursive: true })
  for (const entry of OWNED) rmSync(join(out, entry), { recursive: true, force: true })
  const srcDir = join(out, 'src')
  for (const [path, text] of modules) {
    const file = join(srcDir, path)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, text)
  }
  copySite(resolve(siteRoot), join(out, 'site'), out)
  const bytes = await bundleServer(srcDir, join(out, 'server.mjs'))
  await writeXsltOutput(out, stylesheets)
  const build = {
    version: info.version,
    revision: info.revision,
    definition: info.definition,
    builtAt: formatBuiltAt(new Date()),
  }
  writeFileSync(join(out, 'build.json'), JSON.stringify(build, null, 2) + '\n')
  return bytes
}
