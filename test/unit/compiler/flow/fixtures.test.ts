/**
 * The catalog of broken flows: test/fixtures/flow/<NN-name>/{flows/*.xml, errors.txt}. Every file
 * directly in `flows/` is treated as referenced by the definition; sub-flows are followed from there.
 * errors.txt holds the exact report (CL4, frames off, paths relative to the fixture). This runs the
 * real stage entry (`loadFlows`, so expressions go through compiler/xpath) and the project checks.
 * `UPDATE_GOLDEN=1` rewrites errors.txt (test/helpers/golden.ts).
 */
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { DiagnosticBag } from '../../../../compiler/diagnostics/diagnostic.js'
import { formatReport } from '../../../../compiler/diagnostics/format.js'
import { createSourceFile, locAt } from '../../../../compiler/diagnostics/source.js'
import { loadFlows } from '../../../../compiler/flow/index.js'
import type { FlowRef } from '../../../../compiler/ir/definition.js'
import { checkProject } from '../../../../compiler/validate/index.js'
import { expectMatchesFile } from '../../../helpers/golden.js'

const ROOT = join(import.meta.dirname, '../../../fixtures/flow')
const FIXTURES = readdirSync(ROOT)
  .filter((name) => statSync(join(ROOT, name)).isDirectory())
  .sort()

function report(dir: string): string {
  const bag = new DiagnosticBag()
  const definition = createSourceFile(join(dir, 'definition.yaml'), '')
  const flowsDir = join(dir, 'flows')
  const refs: FlowRef[] = readdirSync(flowsDir)
    .filter((name) => name.endsWith('.xml'))
    .sort()
    .map((name) => ({ kind: 'flow-ref', loc: locAt(definition, 0), path: join(flowsDir, name) }))
  const flows = loadFlows(refs, dir, bag)
  checkProject(flows, bag)
  return formatReport(bag.sorted(), { cwd: dir, frames: false })
}

describe('broken flow catalog', () => {
  it('has at least 20 fixtures', () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(20)
  })

  it.each(FIXTURES)('%s', (name) => {
    const dir = join(ROOT, name)
    expectMatchesFile(report(dir), join(dir, 'errors.txt'))
  })
})
