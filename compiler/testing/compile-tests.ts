/**
 * Compiling for svc-test (operations.md TS2-TS4, TS10): the definition first, with every check of
 * `svc-compile --check` (errors: the caller bails out, TS3); then each test document on its own, as
 * a flow whose root is `<svc-test>` and where test actions are allowed, with the flows only it calls.
 * A test document with compile errors fails alone; the others are emitted into the same build as the
 * application (one module per document under `src/tests/`, and the entry `tests.ts`), so test flows
 * and application share one runtime. Relative paths in a test document resolve against its
 * directory; positions are written relative to the site root (the definition's directory, or, without
 * a definition, the directory holding all test documents).
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, relative, resolve, sep } from 'node:path'

import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js'
import { createSourceFile, lineColOf } from '../diagnostics/source.js'
import { emitProject } from '../emit/project.js'
import { loadSkeletons } from '../emit/skeletons.js'
import { compileFlowFile, loadFlowsWith } from '../flow/index.js'
import { compile, type CompiledProject } from '../index.js'
import type { DefinitionNode } from '../ir/definition.js'
import type { FlowNode } from '../ir/flow.js'
import { packageVersion } from '../package-root.js'
import { securityVariables } from '../security/index.js'
import { checkProject } from '../validate/index.js'
import { expressionParser } from '../xpath/index.js'
import { type CompiledStylesheets, compileStylesheets } from '../xslt/compile-stylesheets.js'

export interface TestFile {
  /** The path as given on the command line (TAP label, TS11). */
  readonly given: string
  /** Absolute path. */
  readonly path: string
}

export type TestFileState =
  | { readonly kind: 'missing' }
  | { readonly kind: 'failed'; readonly diagnostics: readonly Diagnostic[] }
  | {
      readonly kind: 'compiled'
      /** Site-relative path: the key of the document's function in `TESTS`. */
      readonly key: string
      /** `file:line:col` (site-relative) of the `<svc-test>` element. */
      readonly rootAt: string
      /** Warnings. */
      readonly diagnostics: readonly Diagnostic[]
    }

export type TestBuild =
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] }
  | {
      readonly ok: true
      readonly siteRoot: string
      readonly modules: ReadonlyMap<string, string>
      /** Warnings of the definition and its flows. */
      readonly diagnostics: readonly Diagnostic[]
      /** One state per test file, in the given order. */
      readonly files: readonly TestFileState[]
      /** Compiled XSLT stylesheets of the application and the tests (written beside the bundle). */
      readonly stylesheets: CompiledStylesheets
    }

export interface TestCompileOptions {
  readonly revision?: string | undefined
}

/** Compiles the definition (null: none, TS2) and the test documents. */
export async function compileTests(
  definition: string | null,
  files: readonly TestFile[],
  options: TestCompileOptions = {},
): Promise<TestBuild> {
  const states: TestFileState[] = files.map(() => ({ kind: 'missing' }))
  const stylesheets = new Map<string, string>()
  if (definition === null) {
    const siteRoot = commonDirectory(files.map((file) => file.path))
    const project: CompiledProject = { definition: emptyDefinition(siteRoot), flows: new Map() }
    const tests = await lowerTests(project, files, states, stylesheets)
    const { modules } = emitProject(project.definition, tests, {
      version: packageVersion(),
      revision: options.revision ?? 'tests',
      skeletons: await loadSkeletons(),
    })
    return { ok: true, siteRoot, modules, diagnostics: [], files: states, stylesheets }
  }
  const result = await compile(definition, {
    revision: options.revision,
    addFlows: (project) => lowerTests(project, files, states, stylesheets),
  })
  if (!result.ok) return { ok: false, diagnostics: result.diagnostics }
  for (const [name, text] of result.stylesheets ?? []) stylesheets.set(name, text)
  return {
    ok: true,
    siteRoot: dirname(resolve(definition)),
    modules: result.modules,
    diagnostics: result.diagnostics,
    files: states,
    stylesheets,
  }
}

/**
 * Lowers every test document (filling `states`, adding the stylesheets only tests use to
 * `stylesheets`); the flows to emit besides the application's.
 */
async function lowerTests(
  project: CompiledProject,
  files: readonly TestFile[],
  states: TestFileState[],
  stylesheets: Map<string, string>,
): Promise<ReadonlyMap<string, FlowNode>> {
  const { definition } = project
  const siteRoot = definition.siteRoot
  const parseExpression = expressionParser({ siteRoot })
  const setElsewhere = securityVariables(definition)
  const out = new Map<string, FlowNode>()
  for (const [i, file] of files.entries()) {
    if (!isFile(file.path)) continue
    const bag = new DiagnosticBag()
    const { flow, subFlowRefs } = compileFlowFile(
      file.path,
      readFileSync(file.path),
      { siteRoot, parseExpression, test: true },
      bag,
    )
    if (flow !== undefined && flow.root !== 'svc-test') {
      bag.error('flow/invalid-root', flow.loc, 'the root element of a test document must be <svc-test>, not <flow>')
    }
    // the flows only this document calls (sub-flows of the application are there already)
    const refs = subFlowRefs.filter((ref) => !project.flows.has(ref.path))
    const loaded = loadFlowsWith(
      refs.map((ref) => ({ kind: 'flow-ref', loc: ref.loc, path: ref.path })),
      siteRoot,
      bag,
      parseExpression,
    )
    const own = new Map([...loaded].filter(([path]) => !project.flows.has(path)))
    if (flow !== undefined) own.set(file.path, flow)
    // XC-7 sees the variables the application sets: they are shared with the test flow (TS6)
    const checks = new DiagnosticBag()
    checkProject(new Map([...project.flows, ...own]), checks, { setElsewhere })
    for (const diagnostic of checks.sorted()) if (own.has(diagnostic.loc.file.path)) bag.report(diagnostic)
    const ownStylesheets = bag.hasErrors ? new Map<string, string>() : await compileStylesheets(own, bag)
    if (flow === undefined || bag.hasErrors) {
      states[i] = { kind: 'failed', diagnostics: bag.sorted() }
      continue
    }
    for (const [name, text] of ownStylesheets) stylesheets.set(name, text)
    const key = relative(siteRoot, file.path).split(sep).join('/')
    const { line, column } = lineColOf(flow.file, flow.loc.start)
    states[i] = { kind: 'compiled', key, rootAt: `${key}:${line}:${column}`, diagnostics: bag.sorted() }
    for (const [path, node] of own) out.set(path, node)
  }
  return out
}

function isFile(path: string): boolean {
  try {
    return existsSync(path) && statSync(path).isFile()
  } catch {
    return false
  }
}

/** The deepest directory holding all `paths` (the site root without a definition). */
function commonDirectory(paths: readonly string[]): string {
  const dirs = paths.map((path) => dirname(path))
  let common = dirs[0] ?? process.cwd()
  for (const dir of dirs) {
    while (
      common !== dirname(common) &&
      dir !== common &&
      !dir.startsWith(common.endsWith(sep) ? common : common + sep)
    )
      common = dirname(common)
  }
  return common
}

/** A definition without routes or settings, for test documents run without one (TS2). */
function emptyDefinition(siteRoot: string): DefinitionNode {
  return {
    kind: 'definition',
    file: createSourceFile(resolve(siteRoot, '(no definition)'), ''),
    siteRoot,
    basePath: '/',
    routes: [],
    initFlow: null,
    errorFlow: null,
    defaultFlow: null,
    flowRefs: [],
    validate: null,
    security: null,
    consumes: null,
    produces: null,
    securitySchemes: [],
    cors: null,
    rateLimit: null,
    rateLimitHeaders: 'ietf',
    upstreamPools: [],
    documents: [],
  }
}
