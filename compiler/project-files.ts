/**
 * Where the compiler reads a project's own files (the definition and the YAML/JSON files it `$ref`s,
 * flows, `src` templates). Normally the disk; the language server (compiler/lsp) lays the editor's
 * unsaved documents over it, so that diagnostics describe the text being typed.
 */
import { accessSync, constants, readFileSync, statSync } from 'node:fs'

/** Why a path cannot be used as a file, or null when it can. */
export type FileProblem = 'not found' | 'is not a file' | 'cannot be read' | null

export interface ProjectFiles {
  /** The bytes of the file at the absolute `path`; throws as `readFileSync` does (`ENOENT` when missing). */
  read(path: string): Uint8Array
  /** Whether `path` is a readable file. */
  problem(path: string): FileProblem
}

export const DISK_FILES: ProjectFiles = {
  read: (path) => readFileSync(path),
  problem(path) {
    try {
      if (!statSync(path).isFile()) return 'is not a file'
    } catch {
      return 'not found'
    }
    try {
      accessSync(path, constants.R_OK)
    } catch {
      return 'cannot be read'
    }
    return null
  },
}

/** `base`, with the texts of `open` (by absolute path) in place of what the disk holds. */
export function overlayFiles(open: ReadonlyMap<string, string>, base: ProjectFiles = DISK_FILES): ProjectFiles {
  return {
    read: (path) => {
      const text = open.get(path)
      return text === undefined ? base.read(path) : Buffer.from(text, 'utf8')
    },
    problem: (path) => (open.has(path) ? null : base.problem(path)),
  }
}
