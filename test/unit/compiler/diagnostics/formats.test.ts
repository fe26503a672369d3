/**
 * The formatters behind `svc-compile --format` (operations.md CL4), from hand-made diagnostics: the
 * text line with its code and the summary with the build time, the JSON document, the SARIF log and
 * the GitHub workflow commands (escaping, severities, related locations), and what all of them share:
 * `--quiet`, the error cap of CC24, positions in code points with an exclusive end.
 */
import { describe, expect, it } from 'vitest'

import { type Diagnostic, DiagnosticBag, ERROR_CAP } from '../../../../compiler/diagnostics/diagnostic.js'
import { formatReport } from '../../../../compiler/diagnostics/format.js'
import { escapeData, escapeProperty, formatGithub } from '../../../../compiler/diagnostics/format-github.js'
import { jsonReport } from '../../../../compiler/diagnostics/format-json.js'
import { sarifLog } from '../../../../compiler/diagnostics/format-sarif.js'
import { isDiagnosticFormat } from '../../../../compiler/diagnostics/formats.js'
import { locateDiagnostic } from '../../../../compiler/diagnostics/located.js'
import { createSourceFile, locAt } from '../../../../compiler/diagnostics/source.js'

const CWD = '/site'
const TOOL = { name: 'svc-compile', version: '9.8.7' }
const FLOW = createSourceFile(
  '/site/flows/a b.xml',
  '<flow>\n  <evall/>\n  <eval out="$x">"🙂" || tolowr(1)</eval>\n</flow>\n',
)
const DEFINITION = createSourceFile('/site/definition.yaml', 'swagger: "2.0"\nx-acme-cors: {}\n')

function sample(): Diagnostic[] {
  const bag = new DiagnosticBag()
  bag.error(
    'flow/unknown-action',
    locAt(FLOW, 9, 17),
    'unknown action <evall>; did you mean <eval>?',
    [{ message: 'the flow starts here', loc: locAt(FLOW, 0, 6) }],
    ['eval'],
  )
  // column after "🙂" (a surrogate pair): offsets count UTF-16 units, columns code points
  const call = FLOW.text.indexOf('tolowr')
  bag.error(
    'xpath/unknown-function',
    locAt(FLOW, call, call + 'tolowr(1)'.length),
    'unknown function tolowr(); did you mean tolower()?',
    undefined,
    ['tolower'],
  )
  bag.warning(
    'definition/foreign-extension',
    locAt(DEFINITION, 15),
    'x-acme-cors is ignored; did you mean x-svc-cors?',
    ['x-svc-cors'],
  )
  bag.note('definition/conventional-default-flow', locAt(DEFINITION, 0), 'using conf/flow.xml as the default flow')
  return bag.sorted()
}

describe('text', () => {
  it('ends the first line with the code when asked and adds the build time to the summary', () => {
    const report = formatReport(sample(), { cwd: CWD, frames: false, codes: true, elapsedMs: 1234 })
    expect(report.split('\n')).toEqual([
      'definition.yaml:1:1: note: using conf/flow.xml as the default flow [definition/conventional-default-flow]',
      'definition.yaml:2:1: warning: x-acme-cors is ignored; did you mean x-svc-cors? [definition/foreign-extension]',
      'flows/a b.xml:2:3: error: unknown action <evall>; did you mean <eval>? [flow/unknown-action]',
      'flows/a b.xml:1:1: note: the flow starts here',
      'flows/a b.xml:3:25: error: unknown function tolowr(); did you mean tolower()? [xpath/unknown-function]',
      '2 errors, 1 warning in 1.23 s',
      '',
    ])
  })

  it('keeps the plain CL4 line without the option (what the fixture tests compare)', () => {
    expect(formatReport(sample(), { cwd: CWD, frames: false, quiet: true })).toBe(
      'flows/a b.xml:2:3: error: unknown action <evall>; did you mean <eval>?\nflows/a b.xml:1:1: note: the flow starts here\nflows/a b.xml:3:25: error: unknown function tolowr(); did you mean tolower()?\n2 errors, 1 warning\n',
    )
  })
})

describe('located diagnostics', () => {
  it('give 1-based start and exclusive end in code points, related locations and suggestions', () => {
    const [, , action, call] = sample()
    expect(locateDiagnostic(action!, CWD)).toEqual({
      severity: 'error',
      code: 'flow/unknown-action',
      message: 'unknown action <evall>; did you mean <eval>?',
      file: 'flows/a b.xml',
      start: { line: 2, column: 3 },
      end: { line: 2, column: 11 },
      related: [
        {
          message: 'the flow starts here',
          file: 'flows/a b.xml',
          start: { line: 1, column: 1 },
          end: { line: 1, column: 7 },
        },
      ],
      suggestions: ['eval'],
    })
    expect(locateDiagnostic(call!, CWD)).toMatchObject({
      start: { line: 3, column: 25 },
      end: { line: 3, column: 34 },
      related: [],
      suggestions: ['tolower'],
    })
  })
})

describe('json', () => {
  it('is one document: version, tool, ok, summary and every diagnostic', () => {
    const report = jsonReport(sample(), { cwd: CWD, tool: TOOL, ok: false, elapsedMs: 12.6 })
    expect(report).toMatchObject({
      formatVersion: 1,
      tool: TOOL,
      ok: false,
      summary: { errors: 2, warnings: 1, notes: 1, omittedErrors: 0, durationMs: 13 },
    })
    expect(report.diagnostics.map((d) => [d.severity, d.code])).toEqual([
      ['note', 'definition/conventional-default-flow'],
      ['warning', 'definition/foreign-extension'],
      ['error', 'flow/unknown-action'],
      ['error', 'xpath/unknown-function'],
    ])
  })

  it('--quiet leaves out warnings and notes but counts them; more than ERROR_CAP errors are counted, not listed', () => {
    const bag = new DiagnosticBag()
    for (let i = 0; i < ERROR_CAP + 5; i++) bag.error('flow/unknown-action', locAt(FLOW, i), `problem ${i}`)
    bag.warning('flow/unknown-attribute', locAt(FLOW, 0), 'a warning')
    const report = jsonReport(bag.sorted(), { cwd: CWD, tool: TOOL, ok: false, elapsedMs: 0, quiet: true })
    expect(report.diagnostics).toHaveLength(ERROR_CAP)
    expect(report.summary).toMatchObject({ errors: ERROR_CAP + 5, warnings: 1, omittedErrors: 5 })
    expect(formatGithub(bag.sorted(), { cwd: CWD, quiet: true }).trimEnd().split('\n').at(-1)).toBe(
      `::notice::too many errors: showing the first ${ERROR_CAP} of ${ERROR_CAP + 5}`,
    )
  })
})

describe('sarif', () => {
  const log = sarifLog(sample(), { cwd: CWD, tool: TOOL })
  const run = log.runs[0]!

  it('names the tool, the %SRCROOT% base and the column kind', () => {
    expect(log).toMatchObject({ version: '2.1.0', $schema: 'https://json.schemastore.org/sarif-2.1.0.json' })
    expect(run.tool.driver).toMatchObject({ name: 'svc-compile', version: '9.8.7', semanticVersion: '9.8.7' })
    expect(run.originalUriBaseIds).toEqual({ '%SRCROOT%': { uri: 'file:///site/' } })
    expect(run.columnKind).toBe('unicodeCodePoints')
  })

  it('gives each result its rule, level, region, related locations and suggestions; file names are URI references', () => {
    expect(
      run.results.map((result) => [result.ruleId, run.tool.driver.rules[result.ruleIndex]!.id, result.level]),
    ).toEqual([
      ['definition/conventional-default-flow', 'definition/conventional-default-flow', 'note'],
      ['definition/foreign-extension', 'definition/foreign-extension', 'warning'],
      ['flow/unknown-action', 'flow/unknown-action', 'error'],
      ['xpath/unknown-function', 'xpath/unknown-function', 'error'],
    ])
    const action = run.results[2]!
    expect(action.locations).toEqual([
      {
        physicalLocation: {
          artifactLocation: { uri: 'flows/a%20b.xml', uriBaseId: '%SRCROOT%' },
          region: { startLine: 2, startColumn: 3, endLine: 2, endColumn: 11 },
        },
      },
    ])
    expect(action.relatedLocations).toEqual([
      {
        id: 1,
        message: { text: 'the flow starts here' },
        physicalLocation: {
          artifactLocation: { uri: 'flows/a%20b.xml', uriBaseId: '%SRCROOT%' },
          region: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 7 },
        },
      },
    ])
    expect(action.properties).toEqual({ suggestions: ['eval'] })
    expect(run.results[0]!).not.toHaveProperty('properties')
    expect(run.results[0]!).not.toHaveProperty('relatedLocations')
  })

  it('has one rule per diagnostic code, with the help text of the table', () => {
    const rule = run.tool.driver.rules.find((r) => r.id === 'xpath/unknown-function')!
    expect(rule.shortDescription.text).toBe('a function name is not known')
    expect(rule.help.text).toContain('xpath/unknown-function')
    expect(new Set(run.tool.driver.rules.map((r) => r.id)).size).toBe(run.tool.driver.rules.length)
  })

  it('keeps a file outside any base absolute', () => {
    const elsewhere = createSourceFile('/elsewhere/x.xml', '<flow/>')
    const bag = new DiagnosticBag()
    bag.error('flow/invalid-root', locAt(elsewhere, 0), 'bad')
    // relative() gives ../elsewhere/x.xml: still a relative reference below %SRCROOT%
    expect(
      sarifLog(bag.sorted(), { cwd: CWD, tool: TOOL }).runs[0]!.results[0]!.locations[0]!.physicalLocation
        .artifactLocation,
    ).toEqual({ uri: '../elsewhere/x.xml', uriBaseId: '%SRCROOT%' })
  })
})

describe('github', () => {
  it('escapes %, CR and LF in messages, and also : and , in properties', () => {
    expect(escapeData('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext: a, b')
    expect(escapeProperty('C:\\a,b%\n')).toBe('C%3A\\a%2Cb%25%0A')
  })

  it('writes one command per diagnostic; note becomes notice; related locations follow the message', () => {
    expect(formatGithub(sample(), { cwd: CWD }).split('\n')).toEqual([
      '::notice file=definition.yaml,line=1,col=1,endLine=1,endColumn=1,title=definition/conventional-default-flow::using conf/flow.xml as the default flow',
      '::warning file=definition.yaml,line=2,col=1,endLine=2,endColumn=1,title=definition/foreign-extension::x-acme-cors is ignored; did you mean x-svc-cors?',
      '::error file=flows/a b.xml,line=2,col=3,endLine=2,endColumn=11,title=flow/unknown-action::unknown action <evall>; did you mean <eval>?%0Aflows/a b.xml:1:1: note: the flow starts here',
      '::error file=flows/a b.xml,line=3,col=25,endLine=3,endColumn=34,title=xpath/unknown-function::unknown function tolowr(); did you mean tolower()?',
      '',
    ])
    expect(formatGithub([], { cwd: CWD })).toBe('')
  })

  it('escapes a file name with a comma or colon so the property list stays parseable', () => {
    const odd = createSourceFile('/site/flows/a,b:c.xml', '<flow/>')
    const bag = new DiagnosticBag()
    bag.error('flow/invalid-root', locAt(odd, 0), '50% wrong')
    expect(formatGithub(bag.sorted(), { cwd: CWD })).toBe(
      '::error file=flows/a%2Cb%3Ac.xml,line=1,col=1,endLine=1,endColumn=1,title=flow/invalid-root::50%25 wrong\n',
    )
  })
})

it('accepts exactly the four format names', () => {
  expect(['text', 'json', 'sarif', 'github'].every(isDiagnosticFormat)).toBe(true)
  expect(['', 'TEXT', 'xml', 'junit'].some(isDiagnosticFormat)).toBe(false)
})
