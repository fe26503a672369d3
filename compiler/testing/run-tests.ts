/**
 * Running svc-test (operations.md TS1-TS12): compile (compile-tests.ts; definition errors bail out,
 * TS3), bundle the application with the test documents and import it against the one runtime module
 * of this process (as `svc-compile --serve` does), then run the files one after another, each with a
 * fresh TestRun (TS9), its time limit (TS10) and its log filter (test-log.ts), handing each file's
 * report (test-report.ts) to the chosen reporter; diagnostics, logs and debug output go to stderr.
 * Resolves with the exit status (TS12): 0 when every file passed, else 1.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'

import type { CompiledApp } from '../../runtime/app.js'
import type { FlowFunction } from '../../runtime/context/completion.js'
import type { AssertionResult, TestOutcome } from '../../runtime/testing/test-run.js'
import type { Diagnostic } from '../diagnostics/diagnostic.js'
import { lineColOf } from '../diagnostics/source.js'
import { createAppBundler } from '../serve/bundle-app.js'
import { printDiagnostics, type Streams } from '../serve/report.js'
import { loadRuntimeModule, type RuntimeModule, runtimeModulePath } from '../serve/runtime-module.js'
import { writeXsltOutput } from '../xslt/write-xslt-output.js'
import { compileTests, type TestFile, type TestFileState } from './compile-tests.js'
import { ErrorLocator } from './error-position.js'
import type { Reporter } from './reporter.js'
import { fileLog } from './test-log.js'
import {
  type AssertionReport,
  errorText,
  type FileError,
  type FileReport,
  parsePosition,
  type Position,
} from './test-report.js'

export interface RunTestsOptions extends Streams {
  readonly files: readonly TestFile[]
  /** Absolute path of the definition under test, or null (TS2). */
  readonly definition: string | null
  readonly timeoutSeconds: number
  /** The environment the tests start with (CF2; `-d` already applied). */
  readonly env: Readonly<Record<string, string | undefined>>
  readonly reporter: Reporter
  /** Every log line to stderr as written (`--verbose`); else test-log.ts filters. */
  readonly verbose: boolean
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
  const build = await compileTests(options.definition, options.files, {
    revision: options.env['SVC_REVISION'] || undefined,
  })
  if (!build.ok) {
    printDiagnostics(options, build.diagnostics)
    options.reporter.bailOut('definition has errors', firstError(build.diagnostics, options.cwd))
    return 1
  }
  printDiagnostics(options, build.diagnostics)
  const tempDir = mkdtempSync(join(tmpdir(), 'svc-test-'))
  try {
    await writeXsltOutput(tempDir, build.stylesheets)
    const bundle = await createAppBundler(tempDir, runtimePath).loadModule(
      build.modules,
      build.modules.has('tests.ts') ? 'tests.ts' : 'app.ts',
    )
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
      options.reporter.bailOut(`the application cannot start: ${problem}`, null)
      return 1
    }
    options.reporter.start(options.files.length)
    const started = performance.now()
    let passed = 0
    for (let i = 0; i < options.files.length; i++) {
      const report = await runFile(options.files[i]!, build.files[i]!, loaded, options)
      if (report.passed) passed++
      options.reporter.file(i + 1, report)
    }
    const failed = options.files.length - passed
    options.reporter.finish({ files: options.files.length, passed, failed, durationMs: performance.now() - started })
    return failed === 0 ? 0 : 1
  } finally {
    rmSync(tempDir, { recursive: true, force: true })
  }
}

function startProblem(loaded: Loaded, options: RunTestsOptions): string | null {
  try {
    void newRun(loaded, options, fileLog(options.stderr, options.verbose).sink).close()
    return null
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

function newRun(
  loaded: Loaded,
  options: RunTestsOptions,
  logSink: (line: string) => void,
): InstanceType<RuntimeModule['TestRun']> {
  return new loaded.runtime.TestRun({
    app: loaded.app,
    siteRoot: loaded.siteRoot,
    env: options.env,
    hasDefinition: options.definition !== null,
    logSink,
  })
}

async function runFile(
  file: TestFile,
  state: TestFileState,
  loaded: Loaded,
  options: RunTestsOptions,
): Promise<FileReport> {
  const started = performance.now()
  const path = cwdFile(file.path, options.cwd)
  const base = {
    given: file.given,
    file: path,
    label: file.given,
    request: null,
    root: null,
    assertions: [],
    passed: false,
  }
  const failedWith = (error: FileError): FileReport => ({ ...base, error, durationMs: performance.now() - started })
  if (state.kind === 'missing') return failedWith({ kind: 'not-found', at: null, message: 'file not found' })
  printDiagnostics(options, state.diagnostics)
  if (state.kind === 'failed') return failedWith(compileError(state.diagnostics, options.cwd))
  const flow = loaded.tests[state.key]
  if (flow === undefined)
    return failedWith({
      kind: 'internal',
      at: null,
      message: `${state.key}: internal error: the test document was not built`,
    })
  const log = fileLog(options.stderr, options.verbose)
  const run = newRun(loaded, options, log.sink)
  let outcome: TestOutcome
  try {
    outcome = await run.run(flow, options.timeoutSeconds * 1000)
  } finally {
    await run.close()
  }
  const durationMs = performance.now() - started
  const at = (position: string) => cwdPosition(position, loaded.siteRoot, options.cwd)
  const assertions = outcome.assertions.map((result) => assertionReport(result, at))
  const error = fileError(outcome, state.rootAt, loaded, options)
  const passed = error === null && assertions.every((assertion) => assertion.passed)
  log.end(!passed)
  const request = outcome.firstRequest === null ? null : `${outcome.firstRequest.method} ${outcome.firstRequest.target}`
  return {
    ...base,
    label: request === null ? file.given : `${request} (${file.given})`,
    request,
    root: at(state.rootAt),
    assertions,
    error,
    passed,
    durationMs,
  }
}

function assertionReport(result: AssertionResult, at: (position: string) => Position | null): AssertionReport {
  const { index, label, expression, message, pass, expected, actual } = result
  return { index, label, expression, message, at: at(result.at), passed: pass, expected, actual }
}

/** The error that failed a run, or null (TS10: an error, the time limit, or no assertion at all). */
function fileError(outcome: TestOutcome, rootAt: string, loaded: Loaded, options: RunTestsOptions): FileError | null {
  const at = (position: string) => cwdPosition(position, loaded.siteRoot, options.cwd)
  if (outcome.timedOut)
    return { kind: 'timeout', at: at(rootAt), message: `the test did not finish within ${options.timeoutSeconds} s` }
  const error = outcome.error
  if (error === null)
    return outcome.assertions.length === 0
      ? { kind: 'no-assertion', at: at(rootAt), message: 'no assertion was executed' }
      : null
  if (error instanceof loaded.runtime.RaisedError) {
    const object = error.errorObject
    const info = object.get('info')
    const entries = Array.isArray(info) ? info.filter((entry): entry is string => typeof entry === 'string') : []
    // an action's run-time failure (flows.md F-EXEC-6) names its position: `<file:line:col>: <action>: <reason>`
    const own = error.code === 5001 ? /^(\S+:\d+:\d+): (.*)$/s.exec(entries[0] ?? '') : null
    if (own !== null) return { kind: 'raised', at: at(own[1]!), message: own[2]! }
    const message = String(object.get('message') ?? 'error')
    const detail = entries.length === 0 ? '' : `: ${entries.join('; ')}`
    return {
      kind: 'raised',
      at: at(loaded.locator.locate(error) ?? rootAt),
      message: `${message} (${error.code ?? error.status})${detail}`,
    }
  }
  options.stderr.write(
    `svc-test: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  return {
    kind: 'internal',
    at: at(loaded.locator.locate(error) ?? rootAt),
    message: `internal error: ${error instanceof Error ? error.message : String(error)}`,
  }
}

/** A path relative to the current directory, with `/` (as CL4 writes files). */
function cwdFile(path: string, cwd: string): string {
  return relative(cwd, path).split('\\').join('/')
}

/** A site-relative `file:line:col` as a position relative to the current directory; null if none. */
function cwdPosition(position: string, siteRoot: string, cwd: string): Position | null {
  const parsed = parsePosition(position)
  return parsed === null ? null : { ...parsed, file: cwdFile(resolve(siteRoot, parsed.file), cwd) }
}

/** The first compile error (the error of a document that does not compile). */
function compileError(diagnostics: readonly Diagnostic[], cwd: string): FileError {
  const error = diagnostics.find((diagnostic) => diagnostic.severity === 'error')
  if (error === undefined) return { kind: 'compile-error', at: null, message: 'the test document does not compile' }
  const { line, column } = lineColOf(error.loc.file, error.loc.start)
  return {
    kind: 'compile-error',
    at: { file: cwdFile(error.loc.file.path, cwd), line, column },
    message: error.message,
  }
}

/** The first error as `file:line:col: message`, or null. */
function firstError(diagnostics: readonly Diagnostic[], cwd: string): string | null {
  return diagnostics.some((diagnostic) => diagnostic.severity === 'error')
    ? errorText(compileError(diagnostics, cwd))
    : null
}
