/**
 * Generated code of the actions (style section 4: readable, deterministic, a source comment per
 * statement, user text only as literals): the modules of a project using every action of this area
 * match the expected ones under golden/expected (UPDATE_GOLDEN=1 rewrites them, test/helpers/golden.ts), and two builds of it
 * write byte-identical output folders apart from build.json (operations.md CL2), compiled
 * stylesheets, the XSLT engine and its notices included.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { formatReport } from '../../../../../compiler/diagnostics/format.js'
import { compile } from '../../../../../compiler/index.js'
import { temporaryDir } from '../../../../helpers/gateway-process.js'
import { expectMatchesFile } from '../../../../helpers/golden.js'

const GOLDEN = join(import.meta.dirname, 'golden')
const PROJECT = join(GOLDEN, 'project', 'definition.yaml')
const CHECKED = ['flows/all.ts', 'flows/site.ts', 'xslt.ts']

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() || entry.isSymbolicLink())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort()
}

describe('generated code of the actions', () => {
  const outputs: string[] = []
  afterAll(() => {
    for (const dir of outputs) rmSync(dir, { recursive: true, force: true })
  })

  it('matches the expected modules', async () => {
    const result = await compile(PROJECT, { revision: 'golden', typecheck: true })
    expect(result.ok, formatReport(result.diagnostics, { cwd: process.cwd() })).toBe(true)
    for (const path of CHECKED) {
      const text = result.modules.get(path)
      expect(text, path).toBeDefined()
      expectMatchesFile(text!, join(GOLDEN, 'expected', path))
    }
    // the app part is assigned only in builds that use xslt (compiler/emit/parts/xslt.ts)
    expect(result.modules.get('app.ts')).toContain('  xslt: XSLT,\n')
  })

  it('only builds that use xslt get the engine, the compiled stylesheets and the notices', async () => {
    const out = temporaryDir()
    outputs.push(out)
    const plain = join(import.meta.dirname, '../../../../fixtures/e2e/60-content-actions/definition.yaml')
    const result = await compile(plain, { outDir: out, typecheck: false })
    expect(result.ok).toBe(true)
    expect(result.modules.has('xslt.ts')).toBe(false)
    expect(readdirSync(out).sort()).toEqual(['build.json', 'server.mjs', 'server.mjs.map', 'site', 'src'])
  })

  it('CL2 two builds into one folder write the same bytes (build.json aside), XSLT files included', async () => {
    const out = temporaryDir()
    outputs.push(out)
    const snapshots: Map<string, Buffer>[] = []
    for (let i = 0; i < 2; i++) {
      const result = await compile(PROJECT, { outDir: out, typecheck: false })
      expect(result.ok).toBe(true)
      snapshots.push(
        new Map(
          filesOf(out)
            .filter((path) => path !== 'build.json')
            .map((path) => [path, readFileSync(join(out, path))]),
        ),
      )
    }
    const [first, second] = snapshots as [Map<string, Buffer>, Map<string, Buffer>]
    expect([...second.keys()]).toEqual([...first.keys()])
    expect([...first.keys()]).toEqual(
      expect.arrayContaining([
        'saxon.cjs',
        'THIRD-PARTY-NOTICES.txt',
        expect.stringMatching(/^xslt\/items-[0-9a-f]{12}\.sef\.json$/),
      ]),
    )
    for (const [path, bytes] of first) expect(bytes.equals(second.get(path)!), path).toBe(true)
    expect(first.get('THIRD-PARTY-NOTICES.txt')!.toString()).toContain('SaxonJS')
  })
})
