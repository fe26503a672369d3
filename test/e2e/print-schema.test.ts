/**
 * `svc-compile --print-schema definition|flow` as users run it: the schema on stdout, byte for byte
 * the file the package ships under schemas/, exit 0; an unknown name or a definition file beside it
 * is a usage error (exit 2, CL5).
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

const ROOT = new URL('../../', import.meta.url).pathname
const BIN = join(ROOT, 'bin/svc-compile.mjs')

function run(args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8' })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe('svc-compile --print-schema', () => {
  it.each([
    ['definition', 'schemas/definition.schema.json'],
    ['flow', 'schemas/flow.xsd'],
  ])('%s prints %s', (name, file) => {
    const { code, stdout, stderr } = run(['--print-schema', name])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout).toBe(readFileSync(join(ROOT, file), 'utf8'))
  })

  it('rejects an unknown schema name and a definition file beside it with exit 2', () => {
    const unknown = run(['--print-schema', 'flows'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('unknown schema "flows" (expected definition or flow)')
    expect(unknown.stdout).toBe('')
    const extra = run(['--print-schema', 'flow', 'definition.yaml'])
    expect(extra.code).toBe(2)
    expect(extra.stderr).toContain('--print-schema takes no definition file')
  })
})
