/**
 * Golden snapshots of generated code (style section 6): each folder of test/golden holds a project
 * (`project/`) and the expected modules (`expected/`, paths relative to `src/`). The emitted modules
 * must match byte for byte, and compiling twice must give the same bytes (deterministic output).
 * `UPDATE_GOLDEN=1 npm test` rewrites the expected files; review the diff like code.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compile } from '../../compiler/index.js'
import { formatReport } from '../../compiler/diagnostics/format.js'

const GOLDEN = new URL('../golden/', import.meta.url).pathname
const UPDATE = process.env.UPDATE_GOLDEN === '1'

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort()
}

for (const name of readdirSync(GOLDEN).sort()) {
  describe(`golden ${name}`, () => {
    const definition = join(GOLDEN, name, 'project', 'definition.yaml')
    const expectedDir = join(GOLDEN, name, 'expected')
    it('emits the expected modules, deterministically', async () => {
      const first = await compile(definition, { revision: 'golden', typecheck: true })
      expect(first.ok, formatReport(first.diagnostics, { cwd: process.cwd() })).toBe(true)
      const second = await compile(definition, { revision: 'golden', typecheck: false })
      expect([...second.modules]).toEqual([...first.modules])
      if (UPDATE) {
        rmSync(expectedDir, { recursive: true, force: true })
        for (const [path, text] of first.modules) {
          mkdirSync(dirname(join(expectedDir, path)), { recursive: true })
          writeFileSync(join(expectedDir, path), text)
        }
      }
      expect(listFiles(expectedDir)).toEqual([...first.modules.keys()].sort())
      for (const [path, text] of first.modules) expect(text, path).toBe(readFileSync(join(expectedDir, path), 'utf8'))
    })
  })
}
