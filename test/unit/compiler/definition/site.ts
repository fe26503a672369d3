/** Temporary site folders for loader tests: files by site-relative path, removed by `cleanup`. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { loadDefinition } from '../../../../compiler/definition/index.js'
import { DiagnosticBag, formatDiagnostic } from '../../../../compiler/diagnostics/index.js'
import type { DefinitionNode } from '../../../../compiler/ir/definition.js'

const created: string[] = []

export function makeSite(files: Readonly<Record<string, string | Uint8Array>>): string {
  const root = mkdtempSync(join(tmpdir(), 'svc-definition-'))
  created.push(root)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

export function cleanupSites(): void {
  for (const root of created.splice(0)) rmSync(root, { recursive: true, force: true })
}

export interface Loaded {
  readonly root: string
  readonly definition: DefinitionNode | undefined
  /** `file:line:col: severity: message` lines relative to the site root. */
  readonly diagnostics: string[]
}

/** Writes the site and loads `definition.yaml` (or the given entry). */
export function loadSite(files: Readonly<Record<string, string | Uint8Array>>, entry = 'definition.yaml'): Loaded {
  const root = makeSite(files)
  const bag = new DiagnosticBag()
  const definition = loadDefinition(join(root, entry), bag)
  return { root, definition, diagnostics: bag.sorted().map((d) => formatDiagnostic(d, { cwd: root, frames: false })) }
}

/** Lines of text joined with newlines, plus a final newline. */
export const lines = (...text: string[]): string => text.join('\n') + '\n'
