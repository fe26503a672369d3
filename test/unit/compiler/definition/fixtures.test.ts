/**
 * The catalog of definitions under test/fixtures/definition (definition.md section 12, CC1-CC27):
 * each folder holds a definition and `errors.txt` with the exact `file:line:col: severity: message`
 * lines (frames off, paths relative to the fixture folder). An empty `errors.txt` is a definition
 * that must load without any diagnostic.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { loadDefinition } from '../../../../compiler/definition/index.js'
import { DiagnosticBag, formatDiagnostic } from '../../../../compiler/diagnostics/index.js'

const ROOT = fileURLToPath(new URL('../../../fixtures/definition/', import.meta.url))

const FIXTURES = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()

function diagnosticsOf(dir: string): string[] {
  const name = readdirSync(dir).find((file) => /^definition\.(yaml|json)$/.test(file))!
  const bag = new DiagnosticBag()
  loadDefinition(join(dir, name), bag)
  return bag.sorted().map((d) => formatDiagnostic(d, { cwd: dir, frames: false }))
}

describe('definition fixtures', () => {
  it('has a catalog of at least 25 broken definitions', () => {
    const broken = FIXTURES.filter((name) => readFileSync(join(ROOT, name, 'errors.txt'), 'utf8').trim() !== '')
    expect(broken.length).toBeGreaterThanOrEqual(25)
  })

  it.each(FIXTURES)('%s', (name) => {
    const dir = join(ROOT, name)
    const want = readFileSync(join(dir, 'errors.txt'), 'utf8')
      .split('\n')
      .filter((line) => line !== '')
    expect(diagnosticsOf(dir)).toEqual(want)
  })
})
