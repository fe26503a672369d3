/**
 * Golden snapshots of generated code (style section 6): each folder of test/golden holds a project
 * (`project/`) and the expected modules (`expected/`, paths relative to `src/`). The emitted modules
 * must match byte for byte, and compiling twice must give the same bytes (deterministic output).
 * `UPDATE_GOLDEN=1 npm test` rewrites the expected files (test/helpers/golden.ts); review the diff like code.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { formatReport } from '../../compiler/diagnostics/format.js'
import { compile } from '../../compiler/index.js'
import { expectMatchesFolder } from '../helpers/golden.js'

const GOLDEN = new URL('../golden/', import.meta.url).pathname

for (const name of readdirSync(GOLDEN).sort()) {
  describe(`golden ${name}`, () => {
    const definition = join(GOLDEN, name, 'project', 'definition.yaml')
    const expectedDir = join(GOLDEN, name, 'expected')
    it('emits the expected modules, deterministically', async () => {
      const first = await compile(definition, { revision: 'golden', typecheck: true })
      expect(first.ok, formatReport(first.diagnostics, { cwd: process.cwd() })).toBe(true)
      const second = await compile(definition, { revision: 'golden', typecheck: false })
      expect([...second.modules]).toEqual([...first.modules])
      expectMatchesFolder(first.modules, expectedDir)
    })
  })
}
