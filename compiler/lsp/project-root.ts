/**
 * Which definition an open document belongs to: the one the client configured
 * (`initializationOptions.definition`), else the nearest definition file in the document's folder or
 * a parent folder, by the names and order of svc-test (operations.md TS2). A definition file belongs
 * to itself. Null: no definition above the document (it is checked alone).
 */
import { statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { DEFINITION_NAMES } from '../testing/find-definition.js'

export function isDefinitionName(path: string): boolean {
  return (DEFINITION_NAMES as readonly string[]).includes(basename(path))
}

/**
 * The definition of the document at `path` (absolute). `isOpen` says whether the editor holds a
 * document at a path, so that a definition typed but never saved still counts.
 */
export function definitionFor(path: string, configured: string | undefined, isOpen: (path: string) => boolean): string | null {
  if (configured !== undefined) return configured
  if (isDefinitionName(path)) return path
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    for (const name of DEFINITION_NAMES) {
      const candidate = join(dir, name)
      if (isOpen(candidate) || isFile(candidate)) return candidate
    }
    if (dirname(dir) === dir) return null
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}
