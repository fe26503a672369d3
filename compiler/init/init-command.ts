/**
 * `svc-compile init [dir]` (operations.md CL12): writes a new project into `dir` (default: the current folder,
 * created when missing): a definition with one path, its flow, an svc-test file, editor settings, the
 * Dockerfile, a CI workflow, .gitignore, a README and package.json (an existing one gets only what it
 * lacks). It never overwrites: when any of its files exists, it writes nothing and says which.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'

import { packageRoot, packageVersion } from '../package-root.js'
import { mergePackageJson, newPackageJson, packageNameOf, type ScaffoldFile, scaffoldFiles } from './scaffold.js'

export const INIT_USAGE = `Usage:
  svc-compile init [<dir>]

Writes a new project into <dir> (default: the current folder; created when missing): definition.yaml,
flows/hello.xml, tests/hello.xml, package.json (or the scripts an existing one lacks), README.md,
Dockerfile, .gitignore, .github/workflows/ci.yml and .vscode/. Files that exist are never replaced:
then nothing is written.
`

interface Streams {
  readonly stdout: { write(text: string): unknown }
  readonly stderr: { write(text: string): unknown }
}

/** Exit codes as svc-compile's (CL5): 0 written, 1 refused (files exist, bad package.json), 2 usage. */
export function runInit(argv: readonly string[], streams: Streams, cwd = process.cwd()): number {
  let parsed
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } })
  } catch (error) {
    streams.stderr.write(`svc-compile init: ${(error as Error).message}\n\n${INIT_USAGE}`)
    return 2
  }
  if (parsed.values.help) {
    streams.stdout.write(INIT_USAGE)
    return 0
  }
  if (parsed.positionals.length > 1) {
    streams.stderr.write(`svc-compile init: expected at most one folder\n\n${INIT_USAGE}`)
    return 2
  }
  const dir = resolve(cwd, parsed.positionals[0] ?? '.')
  const shown = relative(cwd, dir) || '.'
  const root = packageRoot()
  const version = packageVersion()
  const name = packageNameOf(basename(dir))
  const files = scaffoldFiles(
    name,
    readTemplates(join(root, 'templates', 'init')),
    readFileSync(join(root, 'Dockerfile'), 'utf8'),
  )

  const existing = files.filter((file) => existsSync(join(dir, file.path))).map((file) => file.path)
  if (existing.length > 0) {
    streams.stderr.write(
      `svc-compile init: ${shown} already has ${existing.join(', ')}; nothing written (init never replaces a file)\n`,
    )
    return 1
  }
  const manifestPath = join(dir, 'package.json')
  let manifest: ManifestPlan
  try {
    manifest = planManifest(manifestPath, name, version)
  } catch (error) {
    streams.stderr.write(
      `svc-compile init: ${join(shown, 'package.json')}: ${(error as Error).message}; nothing written\n`,
    )
    return 1
  }

  try {
    for (const file of files) {
      mkdirSync(dirname(join(dir, file.path)), { recursive: true })
      // 'wx': a file made since the check above is not replaced either
      writeFileSync(join(dir, file.path), file.text, { flag: 'wx' })
    }
    if (manifest.note !== '') writeFileSync(manifestPath, manifest.text)
  } catch (error) {
    streams.stderr.write(`svc-compile init: ${(error as Error).message}\n`)
    return 1
  }
  const written = [...files.map((file) => file.path), ...(manifest.note === '' ? [] : [manifest.note])]
  streams.stdout.write(summary(shown, written))
  return 0
}

/** The package.json to write and how to name it in the summary ('' when it stays as it is). */
interface ManifestPlan {
  readonly text: string
  readonly note: string
}

/** A new package.json, or the existing one with what it lacks; throws when the existing one cannot take it. */
function planManifest(path: string, name: string, version: string): ManifestPlan {
  if (!existsSync(path)) return { text: newPackageJson(name, version), note: 'package.json' }
  const merged = mergePackageJson(readFileSync(path, 'utf8'), version)
  return { text: merged.text, note: merged.added.length > 0 ? `package.json (added ${merged.added.join(', ')})` : '' }
}

/** What was written, then the commands to run next (a folder name with spaces quoted for the shell). */
function summary(shown: string, written: readonly string[]): string {
  const cd = shown === '.' ? '' : `  cd ${/[^\w./-]/.test(shown) ? JSON.stringify(shown) : shown}\n`
  const files = written.map((path) => `  ${path}\n`).join('')
  return `Wrote a new svc-gateway project into ${shown}:\n${files}\nNext:\n${cd}  npm install\n  npm start     # compiles and serves on http://localhost:8080\n  npm test      # checks and runs tests/\n`
}

/** The files under `dir`, paths relative to it with `/`. */
function readTemplates(dir: string): ScaffoldFile[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name)
      return { path: relative(dir, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }
    })
}
