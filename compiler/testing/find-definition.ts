/**
 * Which definition svc-test tests (operations.md TS2): `--definition` when given; otherwise the first
 * of the usual names in the current directory; otherwise the same names in the first test file's
 * directory and then its parent directories. Null: there is none (tests using `test-request` fail).
 */
import { statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

export const DEFINITION_NAMES = [
  'swagger.yaml',
  'swagger.yml',
  'swagger.json',
  'definition.yaml',
  'definition.yml',
  'definition.json',
] as const

function firstIn(dir: string): string | null {
  for (const name of DEFINITION_NAMES) {
    const path = join(dir, name)
    try {
      if (statSync(path).isFile()) return path
    } catch {
      // not there: try the next name
    }
  }
  return null
}

/** The definition's absolute path, or null. */
export function findDefinition(cwd: string, firstTest: string | undefined): string | null {
  const here = firstIn(cwd)
  if (here !== null || firstTest === undefined) return here
  for (let dir = dirname(resolve(cwd, firstTest)); ; dir = dirname(dir)) {
    const found = firstIn(dir)
    if (found !== null) return found
    if (dirname(dir) === dir) return null
  }
}
