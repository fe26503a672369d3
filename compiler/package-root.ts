/**
 * Locates the svc-gateway package (for the runtime sources and their node_modules) whether the
 * compiler runs from source (tests) or from the prepared CLI build.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'svc-gateway') return dir
    const parent = dirname(dir)
    if (parent === dir) throw new Error('internal error: svc-gateway package root not found')
    dir = parent
  }
}

export function packageVersion(): string {
  return JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')).version as string
}
