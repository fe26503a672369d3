/**
 * `svc-compile --format text|json|sarif|github` as users run it (operations.md CL4, CL5): a broken
 * project (errors in the definition, a flow, an XPath expression and a template, plus warnings) gives
 * the same codes and ranges in every format; the SARIF log is valid against the SARIF 2.1.0 schema;
 * GitHub workflow commands parse back; the exit status does not depend on the format.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import type AjvDraft04 from 'ajv-draft-04'
import type AjvFormats from 'ajv-formats'
import { afterEach, describe, expect, it } from 'vitest'

import { DIAGNOSTIC_CODES, type DiagnosticCode } from '../../compiler/diagnostics/codes.js'
import { temporaryDir } from '../helpers/gateway-process.js'

const ROOT = new URL('../../', import.meta.url).pathname
const BIN = join(ROOT, 'bin/svc-compile.mjs')
const BROKEN = join(ROOT, 'test/fixtures/cli/01-broken-project')
const QUICKSTART = join(ROOT, 'examples/quickstart')
const require = createRequire(import.meta.url)
// CommonJS packages: their default export through require, as compiler/emit/standalone.ts does
const Ajv04 = (require('ajv-draft-04') as typeof AjvDraft04).default
const addFormats = (require('ajv-formats') as typeof AjvFormats).default

function run(args: string[], cwd: string, env: Record<string, string> = {}) {
  const inherited = { ...process.env }
  // the colour of the text format follows these; tests set them explicitly
  delete inherited['FORCE_COLOR']
  delete inherited['NO_COLOR']
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...inherited, SVC_REVISION: '', ...env },
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

const cleanup: string[] = []
afterEach(() => {
  for (const dir of cleanup.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** What every format must agree on. */
interface Seen {
  readonly severity: string
  readonly code: string
  readonly file: string
  readonly line: number
  readonly column: number
}
interface Ranged extends Seen {
  readonly endLine: number
  readonly endColumn: number
}

/** The diagnostics of the fixture, as its files say (definition, flow, XPath, template; two warnings). */
const EXPECTED: Seen[] = [
  { severity: 'warning', code: 'definition/foreign-extension', file: 'definition.yaml', line: 4, column: 1 },
  { severity: 'error', code: 'definition/unknown-extension', file: 'definition.yaml', line: 15, column: 5 },
  { severity: 'error', code: 'xpath/unknown-function', file: 'flows/users.xml', line: 2, column: 21 },
  { severity: 'error', code: 'flow/unknown-action', file: 'flows/users.xml', line: 3, column: 3 },
  // after "🙂" (two UTF-16 units, one code point): column 42 in code points (CL4)
  { severity: 'error', code: 'template/unterminated', file: 'flows/users.xml', line: 4, column: 42 },
  { severity: 'warning', code: 'xpath/unset-variable', file: 'flows/users.xml', line: 5, column: 25 },
]

function textDiagnostics(stderr: string): Seen[] {
  const shape = /^(.+?):(\d+):(\d+): (error|warning|note): .* \[([a-z]+\/[a-z0-9-]+)\]$/
  return stderr
    .split('\n')
    .map((line) => shape.exec(line))
    .filter((match) => match !== null)
    .map(([, file, line, column, severity, code]) => ({
      severity: severity!,
      code: code!,
      file: file!,
      line: Number(line),
      column: Number(column),
    }))
}

interface JsonDiagnostic {
  severity: string
  code: string
  message: string
  file: string
  start: { line: number; column: number }
  end: { line: number; column: number }
  related: unknown[]
  suggestions: string[]
}

function jsonDiagnostics(stdout: string): Ranged[] {
  const report = JSON.parse(stdout) as { diagnostics: JsonDiagnostic[] }
  return report.diagnostics.map((d) => ({
    severity: d.severity,
    code: d.code,
    file: d.file,
    line: d.start.line,
    column: d.start.column,
    endLine: d.end.line,
    endColumn: d.end.column,
  }))
}

/** Undoes the runner's escaping of workflow command values. */
function unescapeCommand(text: string): string {
  return text.replace(/%(25|0D|0A|3A|2C)/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

function githubDiagnostics(stdout: string): (Ranged & { message: string })[] {
  const severities: Record<string, string> = { error: 'error', warning: 'warning', notice: 'note' }
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const match = /^::(error|warning|notice) ([^:]*)::(.*)$/.exec(line)
      expect(match, line).not.toBeNull()
      const properties = Object.fromEntries(
        match![2]!
          .split(',')
          .map((pair) => pair.split('=') as [string, string])
          .map(([name, value]) => [name, unescapeCommand(value)]),
      )
      expect(Object.keys(properties)).toEqual(['file', 'line', 'col', 'endLine', 'endColumn', 'title'])
      return {
        severity: severities[match![1]!]!,
        code: properties['title']!,
        file: properties['file']!,
        line: Number(properties['line']),
        column: Number(properties['col']),
        endLine: Number(properties['endLine']),
        endColumn: Number(properties['endColumn']),
        message: unescapeCommand(match![3]!),
      }
    })
}

interface SarifLog {
  runs: {
    tool: { driver: { name: string; version: string; rules: { id: string; shortDescription: { text: string } }[] } }
    originalUriBaseIds: Record<string, { uri: string }>
    columnKind: string
    results: {
      ruleId: string
      ruleIndex: number
      level: string
      message: { text: string }
      locations: {
        physicalLocation: {
          artifactLocation: { uri: string; uriBaseId: string }
          region: { startLine: number; startColumn: number; endLine: number; endColumn: number }
        }
      }[]
      properties?: { suggestions: string[] }
    }[]
  }[]
}

function validateSarif(log: unknown): string[] {
  const schema = JSON.parse(
    readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'),
  )
  // unicodeRegExp off: the schema's `language` pattern has a lone `]`, valid only without the u flag
  const ajv = new Ajv04({ allErrors: true, unicodeRegExp: false })
  addFormats(ajv)
  const validate = ajv.compile(schema)
  return validate(log)
    ? []
    : (validate.errors ?? []).map(
        (error: { instancePath: string; message?: string }) => `${error.instancePath} ${error.message}`,
      )
}

describe('svc-compile --format', () => {
  it('text: the CL4 lines end with the code, the summary line has the build time', () => {
    const { code, stderr, stdout } = run(['definition.yaml', '--check'], BROKEN)
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(textDiagnostics(stderr)).toEqual(EXPECTED)
    expect(stderr).toContain(
      'flows/users.xml:3:3: error: unknown action <evall>; did you mean <eval>? [flow/unknown-action]\n 3 |   <evall/>\n   |   ^\n',
    )
    expect(stderr).toMatch(/\n4 errors, 2 warnings in \d+\.\d\d s\n$/)
    expect(stderr).not.toContain('\u001b[')
  })

  it('text: FORCE_COLOR colours a pipe, FORCE_COLOR=0 and NO_COLOR do not', () => {
    const forced = run(['definition.yaml', '--check'], BROKEN, { FORCE_COLOR: '1' })
    expect(forced.stderr).toContain(': \u001b[1;31merror\u001b[0m: unknown action')
    expect(forced.stderr).toContain('[flow/unknown-action]')
    const plain = (text: string) => text.replace(/\u001b\[[\d;]*m/g, '').replace(/ in \d+\.\d\d s\n$/, '')
    expect(plain(forced.stderr)).toBe(plain(run(['definition.yaml', '--check'], BROKEN).stderr))
    for (const env of [{ FORCE_COLOR: '0' }, { NO_COLOR: '1' }] as Record<string, string>[])
      expect(run(['definition.yaml', '--check'], BROKEN, env).stderr).not.toContain('\u001b[')
  })

  it('json: one document on stdout with every diagnostic, its range, suggestions and a summary', () => {
    const { code, stdout, stderr } = run(['definition.yaml', '--check', '--format', 'json'], BROKEN)
    expect(code).toBe(1)
    expect(stderr).toBe('')
    const report = JSON.parse(stdout)
    expect(report).toMatchObject({
      formatVersion: 1,
      tool: { name: 'svc-compile', version: JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version },
      ok: false,
    })
    expect(report.summary).toEqual({
      errors: 4,
      warnings: 2,
      notes: 0,
      omittedErrors: 0,
      durationMs: expect.any(Number),
    })
    const ranged = jsonDiagnostics(stdout)
    expect(ranged.map(({ endLine: _l, endColumn: _c, ...seen }) => seen)).toEqual(EXPECTED)
    // ranges: the unknown action covers its element `<evall/>`, the expression its whole text
    expect(ranged.find((d) => d.code === 'flow/unknown-action')).toMatchObject({ endLine: 3, endColumn: 11 })
    expect(ranged.find((d) => d.code === 'xpath/unknown-function')).toMatchObject({ endLine: 2, endColumn: 48 })
    for (const d of ranged)
      expect(d.endLine > d.line || (d.endLine === d.line && d.endColumn >= d.column), d.code).toBe(true)
    const byCode = new Map((report.diagnostics as JsonDiagnostic[]).map((d) => [d.code, d]))
    expect(byCode.get('xpath/unknown-function')).toMatchObject({
      message: 'unknown function tolowr(); did you mean tolower()?',
      suggestions: ['tolower'],
      related: [],
    })
    expect(byCode.get('xpath/unset-variable')!.suggestions).toEqual(['name'])
    expect(byCode.get('template/unterminated')!.suggestions).toEqual([])
  })

  it('sarif: a valid SARIF 2.1.0 log, one rule per code, results at the same ranges as the JSON', () => {
    const { code, stdout, stderr } = run(['definition.yaml', '--check', '--format', 'sarif'], BROKEN)
    expect(code).toBe(1)
    expect(stderr).toBe('')
    const log = JSON.parse(stdout) as SarifLog
    expect(validateSarif(log)).toEqual([])
    // the validator does reject what the schema forbids
    const [first] = log.runs[0]!.results
    expect(validateSarif({ ...log, runs: [{ ...log.runs[0], results: [{ ...first, level: 'fatal' }] }] })).not.toEqual(
      [],
    )
    expect(log.runs).toHaveLength(1)
    const run0 = log.runs[0]!
    expect(run0.tool.driver.name).toBe('svc-compile')
    expect(run0.columnKind).toBe('unicodeCodePoints')
    const rules = run0.tool.driver.rules
    expect(rules.map((rule) => rule.id).sort()).toEqual(Object.keys(DIAGNOSTIC_CODES).sort())
    const json = jsonDiagnostics(run(['definition.yaml', '--check', '--format', 'json'], BROKEN).stdout)
    const base = run0.originalUriBaseIds['%SRCROOT%']!.uri
    expect(fileURLToPath(base)).toBe(`${BROKEN}/`)
    const results = run0.results.map((result) => {
      expect(rules[result.ruleIndex]!.id).toBe(result.ruleId)
      expect(rules[result.ruleIndex]!.shortDescription.text).toBe(DIAGNOSTIC_CODES[result.ruleId as DiagnosticCode])
      const { artifactLocation, region } = result.locations[0]!.physicalLocation
      expect(artifactLocation.uriBaseId).toBe('%SRCROOT%')
      expect(existsSync(fileURLToPath(new URL(artifactLocation.uri, base))), artifactLocation.uri).toBe(true)
      return {
        severity: result.level,
        code: result.ruleId,
        file: artifactLocation.uri,
        line: region.startLine,
        column: region.startColumn,
        endLine: region.endLine,
        endColumn: region.endColumn,
      }
    })
    expect(results).toEqual(json)
    expect(run0.results.find((result) => result.ruleId === 'flow/unknown-action')!.properties).toEqual({
      suggestions: ['eval'],
    })
  })

  it('github: one workflow command per diagnostic that parses back to the same codes, ranges and messages', () => {
    const { code, stdout, stderr } = run(['definition.yaml', '--check', '--format', 'github'], BROKEN)
    expect(code).toBe(1)
    expect(stderr).toBe('')
    const commands = githubDiagnostics(stdout)
    const json = JSON.parse(run(['definition.yaml', '--check', '--format', 'json'], BROKEN).stdout) as {
      diagnostics: JsonDiagnostic[]
    }
    expect(commands.map(({ message: _m, ...ranged }) => ranged)).toEqual(jsonDiagnostics(JSON.stringify(json)))
    expect(commands.map((command) => command.message)).toEqual(json.diagnostics.map((d) => d.message))
  })

  it('--quiet leaves warnings out of every format; the summary still counts them', () => {
    const json = JSON.parse(run(['definition.yaml', '--check', '--quiet', '--format', 'json'], BROKEN).stdout)
    expect(json.diagnostics.map((d: JsonDiagnostic) => d.severity)).toEqual(['error', 'error', 'error', 'error'])
    expect(json.summary.warnings).toBe(2)
    expect(
      githubDiagnostics(run(['definition.yaml', '--check', '--quiet', '--format', 'github'], BROKEN).stdout),
    ).toHaveLength(4)
  })

  it('works with -o: a successful build prints an empty document on stdout and its summary line on stderr', () => {
    const out = temporaryDir('svc-out-')
    cleanup.push(out)
    const { code, stdout, stderr } = run(['definition.yaml', '-o', out, '--format', 'json'], QUICKSTART)
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toMatchObject({ ok: true, summary: { errors: 0, warnings: 0 }, diagnostics: [] })
    expect(stderr).toMatch(
      /^svc-compile: 4 routes, 5 flows, server\.mjs [\d.]+ (KB|MB), revision [0-9a-f]{12}, built in \d+\.\d\d s\n$/,
    )
    expect(existsSync(join(out, 'server.mjs'))).toBe(true)
    const sarif = run(['definition.yaml', '-o', out, '--format', 'sarif'], QUICKSTART)
    expect(sarif.code).toBe(0)
    expect(validateSarif(JSON.parse(sarif.stdout))).toEqual([])
    const github = run(['definition.yaml', '--check', '--format', 'github'], QUICKSTART)
    expect([github.code, github.stdout]).toEqual([0, ''])
  })

  it.each([
    [
      'an unknown format',
      ['--check', '--format', 'xml'],
      'invalid --format "xml" (expected text, json, sarif, github)',
    ],
    ['a missing value', ['--check', '--format'], "Option '--format <value>' argument missing"],
    ['--watch', ['-o', 'out', '--watch', '--format', 'json'], '--format json cannot be combined with --watch'],
    ['--serve', ['--serve', '--format', 'sarif'], '--format sarif cannot be combined with --serve'],
  ])('CL5: %s is a usage error (exit 2)', (_, args, message) => {
    const { code, stdout, stderr } = run(['definition.yaml', ...args], BROKEN)
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toContain(message)
  })

  it('a reader that stops early (`| head`) ends the command quietly with its usual exit status', async () => {
    // stdout is closed before svc-compile writes its document: the write fails with EPIPE
    const child = spawn(process.execPath, [BIN, 'definition.yaml', '--check', '--format', 'sarif'], {
      cwd: BROKEN,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.destroy()
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(stderr).toBe('')
    expect(code).toBe(1)
  })
})
