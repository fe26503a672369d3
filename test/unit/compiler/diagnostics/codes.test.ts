/**
 * The table of diagnostic codes (compiler/diagnostics/codes.ts) lists exactly the codes the compiler
 * reports: every `area/name` literal in the compiler's sources is a key, and every key is used.
 * The type of `DiagnosticCode` already rejects unknown codes at call sites; this also catches codes
 * that reach the bag through plain strings and entries left behind when a check is removed.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { DIAGNOSTIC_CODES, type DiagnosticArea } from '../../../../compiler/diagnostics/codes.js'

const ROOT = new URL('../../../../', import.meta.url).pathname
const AREAS: readonly DiagnosticArea[] = [
  'project',
  'definition',
  'path',
  'flow',
  'xpath',
  'template',
  'upstream',
  'xslt',
  'security',
  'schema',
]
/** Files outside compiler/ whose codes the compiler reports (the runtime's function checks, XC-2). */
const SHARED_CHECKS = ['runtime/xpath/check-functions.ts']
/** `area/name` literals that are not diagnostic codes: `<set-config>` setting paths (ACT-set-config). */
const NOT_CODES = new Set(['security/force-backend-https'])
const LITERAL = new RegExp(`['"\`]((?:${AREAS.join('|')})/[a-z0-9]+(?:-[a-z0-9]+)*)['"\`]`, 'g')

function sourceFiles(dir: string): string[] {
  return (readdirSync(join(ROOT, dir), { recursive: true }) as string[])
    .filter((path) => path.endsWith('.ts'))
    .map((path) => join(dir, path))
}

function codesUsed(): Map<string, string> {
  const used = new Map<string, string>()
  for (const file of [...sourceFiles('compiler'), ...SHARED_CHECKS]) {
    if (file === join('compiler', 'diagnostics', 'codes.ts')) continue
    for (const match of readFileSync(join(ROOT, file), 'utf8').matchAll(LITERAL)) {
      if (!NOT_CODES.has(match[1]!)) used.set(match[1]!, file)
    }
  }
  return used
}

describe('DIAGNOSTIC_CODES', () => {
  const used = codesUsed()

  it('finds the codes the compiler reports (the scan itself works)', () => {
    expect(used.get('xpath/unknown-function')).toBe(SHARED_CHECKS[0])
    expect(used.has('flow/unknown-action')).toBe(true)
    expect(used.size).toBeGreaterThan(100)
  })

  it('lists every code used in the compiler', () => {
    const missing = [...used.keys()]
      .filter((code) => !(code in DIAGNOSTIC_CODES))
      .map((code) => `${code} (${used.get(code)})`)
    expect(missing).toEqual([])
  })

  it('lists no code that nothing reports', () => {
    expect(Object.keys(DIAGNOSTIC_CODES).filter((code) => !used.has(code))).toEqual([])
  })

  it('has a description for each code: one line, no final period (CL4 style)', () => {
    for (const [code, description] of Object.entries(DIAGNOSTIC_CODES)) {
      expect(code).toMatch(/^[a-z]+\/[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(description, code).toMatch(/^[^\s].*[^.\s]$/)
    }
  })
})
