/**
 * Running svc-test (operations.md TS1-TS12): compile (compile-tests.ts; definition errors bail out,
 * TS3), bundle the application with the test documents and import it against the one runtime module
 * of this process (as `svc-compile --serve` does), then run the files one after another, each with a
 * fresh TestRun (TS9) and its time limit (TS10), printing TAP on stdout (tap.ts) and diagnostics, logs
 * and debug output on stderr. Resolves with the exit status (TS12): 0 when every file passed, else 1.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import type { CompiledApp } from '../../runtime/app.js'
import type { FlowFunction } from '../../runtime/context/completion.js'
import type { TestOutcome } from '../../runtime/testing/test-run.js'
import type { Diagnostic } from '../diagnostics/diagnostic.js'
import { lineColOf } from '../diagnostics/source.js'
import { createAppBundler } from '../serve/bundle-app.js'
import { printDiagnostics, type Streams } from '../serve/report.js'
import { loadRuntimeModule, runtimeModulePath, type RuntimeModule } from '../serve/runtime-module.js'
import { compileTests, type TestFile, type TestFileState } from './compile-tests.js'
import { writeXsltOutput } from '../xslt/write-xslt-output.js'
import { ErrorLocator } from './error-position.js'
import { fileLines, planLine, summaryLine, type FileReport } from './tap.js'

export interface RunTestsOptions extends Streams {
  readonly files: readonly TestFile[]
  /** Absolute path of the definition under test, or null (TS2). */
  readonly definition: string | null
  readonly timeoutSeconds: number
  /** The environment the tests start with (CF2; `-d` already applied). */
  readonly env: Readonly<Record<string, string | undefined>>
}

/** What a file needs to run, once the build is loaded. */
interface Loaded {
  readonly runtime: RuntimeModule
  readonly app: CompiledApp
  readonly tests: Readonly<Record<string, FlowFunction>>
  readonly locator: ErrorLocator
  readonly siteRoot: string
}

export async function runTests(options: RunTestsOptions): Promise<number> {
  const runtimePath = await runtimeModulePath()
  const runtime = await loadRuntimeModule(runtimePath)
  const build = await compileTests(options.definition, options.files, { revision: options.env['SVC_REVISION'] || undefined })
  if (!build.ok) {
    printDiagnostics(options, build.diagnostics)
    options.stdout.write('Bail out! definition has errors\n')
    return 1
  }
  printDiagnostics(options, build.diagnostics)
  const tempDir = mkdtempSync(join(tmpdir(), 'svc-test-'))
  try {
    await writeXsltOutput(tempDir, build.stylesheets)
    const bundle = await createAppBundler(tempDir, runtimePath).loadModule(build.modules, build.modules.has('tests.ts') ? 'tests.ts' : 'app.ts')
    const loaded: Loaded = {
      runtime,
      app: bundle.exports['APP'] as CompiledApp,
      tests: (bundle.exports['TESTS'] ?? {}) as Readonly<Record<string, FlowFunction>>,
      locator: new ErrorLocator(bundle.url, bundle.sourceMap, build.modules),
      siteRoot: build.siteRoot,
    }
    // The application must be able to start at all (operations.md CL9, CF3) before any file runs.
    const problem = startProblem(loaded, options)
    if (problem !== null) {
      options.stderr.write(`svc-test: ${problem}\n`)
      options.stdout.write(`Bail out! the application cannot start: ${problem}\n`)
      return 1
    }
    options.stdout.write(`${planLine(options.files.length)}\n`)
    let passed = 0
    for (let i = 0; i < options.files.length; i++) {
      const report = await runFile(options.files[i]!, build.files[i]!, loaded, options)
      if (report.passed) passed++
      options.stdout.write(fileLines(i + 1, report).map((line) => `${line}\n`).join(''))
    }
    const failed = options.files.length - passed
    options.stdout.write(`${summaryLine(passed, failed)}\n`)
    return failed === 0 ? 0 : 1
  } finally {
    rmSync(tempDir, { recursive: true, force: true })
  }
}

function startProblem(loaded: Loaded, options: RunTestsOptions): string | null {
  try {
    void newRun(loaded, options).close()
    return null
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

function newRun(loaded: Loaded, options: RunTestsOptions): InstanceType<RuntimeModule['TestRun']> {
  return new loaded.runtime.TestRun({ app: loaded.app, siteRoot: loaded.siteRoot, env: options.env, hasDefinition: options.definition !== null })
}

async function runFile(file: TestFile, state: TestFileState, loaded: Loaded, options: RunTestsOptions): Promise<FileReport> {
  const failedWith = (error: string): FileReport => ({ label: file.given, assertions: 0, failures: [], error, passed: false })
  if (state.kind === 'missing') return failedWith('file not found')
  printDiagnostics(options, state.diagnostics)
  if (state.kind === 'failed') return failedWith(firstError(state.diagnostics, options.cwd))
  const flow = loaded.tests[state.key]
  if (flow === undefined) return failedWith(`${state.key}: internal error: the test document was not built`)
  const run = newRun(loaded, options)
  let outcome: TestOutcome
  try {
    outcome = await run.run(flow, options.timeoutSeconds * 1000)
  } finally {
    await run.close()
  }
  const request = outcome.firstRequest
  const failures = outcome.assertions.filter((assertion) => !assertion.pass)
  const error = errorLine(outcome, state.rootAt, loaded, options)
  return {
    label: request === null ? file.given : `${request.method} ${request.target} (${file.given})`,
    assertions: outcome.assertions.length,
    failures,
    error,
    passed: error === null && failures.length === 0,
  }
}

/** The `# error:` text of a run, or null (TS10: an error, the time limit, or no assertion at all). */
function errorLine(outcome: TestOutcome, rootAt: string, loaded: Loaded, options: RunTestsOptions): string | null {
  const at = (position: string) => cwdPosition(position, loaded.siteRoot, options.cwd)
  if (outcome.timedOut) return `${at(rootAt)}: the test did not finish within ${options.timeoutSeconds} s`
  const error = outcome.error
  if (error === null) return outcome.assertions.length === 0 ? `${at(rootAt)}: no assertion was executed` : null
  if (error instanceof loaded.runtime.RaisedError) {
    const object = error.errorObject
    const info = object.get('info')
    const entries = Array.isArray(info) ? info.filter((entry): entry is string => typeof entry === 'string') : []
    // an action's run-time failure (flows.md F-EXEC-6) names its position: `<file:line:col>: <action>: <reason>`
    const own = error.code === 5001 ? /^(\S+:\d+:\d+): (.*)$/s.exec(entries[0] ?? '') : null
    if (own !== null) return `${at(own[1]!)}: ${own[2]}`
    const message = String(object.get('message') ?? 'error')
    const detail = entries.length === 0 ? '' : `: ${entries.join('; ')}`
    return `${at(loaded.locator.locate(error) ?? rootAt)}: ${message} (${error.code ?? error.status})${detail}`
  }
  options.stderr.write(`svc-test: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  return `${at(loaded.locator.locate(error) ?? rootAt)}: internal error: ${error instanceof Error ? error.message : String(error)}`
}

/** A site-relative `file:line:col` made relative to the current directory (as CL4 writes files). */
function cwdPosition(position: string, siteRoot: string, cwd: string): string {
  const match = /^(.*):(\d+):(\d+)$/.exec(position)
  if (match === null) return position
  return `${relative(cwd, resolve(siteRoot, match[1]!)).split('\\').join('/')}:${match[2]}:${match[3]}`
}

/** The first compile error as `file:line:col: message` (the TAP error line of a document that does not compile). */
function firstError(diagnostics: readonly Diagnostic[], cwd: string): string {
  const error = diagnostics.find((diagnostic) => diagnostic.severity === 'error')
  if (error === undefined) return 'the test document does not compile'
  const { line, column } = lineColOf(error.loc.file, error.loc.start)
  return `${relative(cwd, error.loc.file.path).split('\\').join('/')}:${line}:${column}: ${error.message}`
}
