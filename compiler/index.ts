/**
 * The compiler pipeline (architecture: load → parse → lower → check → emit → bundle). Every stage
 * reports problems into one DiagnosticBag; nothing is written when there are errors (CL2).
 */
import { basename, dirname, resolve } from 'node:path'

import { loadDefinition } from './definition/index.js'
import { type Diagnostic, DiagnosticBag } from './diagnostics/diagnostic.js'
import { emitProject } from './emit/project.js'
import { loadSkeletons } from './emit/skeletons.js'
import { loadFlows } from './flow/index.js'
import type { DefinitionNode } from './ir/definition.js'
import type { FlowNode } from './ir/flow.js'
import { writeOutput } from './output/write-output.js'
import { packageVersion } from './package-root.js'
import type { ProjectFiles } from './project-files.js'
import { checkSchemas } from './schemas/check.js'
import { checkSecurity, securityVariables } from './security/index.js'
import { loadUpstreamDefinitions } from './upstream/definitions.js'
import { checkPoolHosts } from './upstream/pool-hosts.js'
import { checkProject } from './validate/index.js'
import { type CompiledStylesheets, compileStylesheets } from './xslt/compile-stylesheets.js'

export interface CompileOptions {
  /** Output directory; when absent nothing is written (`--check`). */
  readonly outDir?: string | undefined
  /** `SVC_REVISION` at compile time (CL8). */
  readonly revision?: string | undefined
  /**
   * Type-check the generated modules (`svc-compile --typecheck`; the project's own tests do). Off by
   * default: it costs more than the rest of a build, and a failure is a compiler bug, not a user error.
   */
  readonly typecheck?: boolean
  /**
   * svc-test (operations.md TS3, TS4): once the project compiled without errors, further flows to emit
   * with it (test documents and the flows only they call), lowered and reported by the caller.
   */
  readonly addFlows?: (project: CompiledProject) => Promise<ReadonlyMap<string, FlowNode>>
  /**
   * Where the definition, the files it `$ref`s, flows and `src` templates are read; the disk when
   * absent. The language server passes the editor's unsaved documents laid over the disk.
   */
  readonly files?: ProjectFiles
  /**
   * Stop after the checks: report diagnostics, emit nothing (no modules, no summary). For the language server, which wants every diagnostic as soon as possible.
   */
  readonly checkOnly?: boolean
}

/** The checked IR of a project. */
export interface CompiledProject {
  readonly definition: DefinitionNode
  readonly flows: ReadonlyMap<string, FlowNode>
}

export interface CompileSummary {
  readonly routes: number
  readonly flows: number
  readonly modules: number
  readonly revision: string
  /** Size of server.mjs, when written. */
  readonly bundleBytes: number | null
  /** How many generated modules were type-checked (`typecheck`; plain JavaScript through its `.d.ts`), else null. */
  readonly typechecked: number | null
}

export interface CompileResult {
  readonly diagnostics: readonly Diagnostic[]
  readonly ok: boolean
  readonly modules: ReadonlyMap<string, string>
  readonly summary: CompileSummary | null
  /** The compiled XSLT stylesheets (ACT-xslt-1) by output path; svc-test writes them beside its bundle. */
  readonly stylesheets?: CompiledStylesheets
}

export class InternalCompilerError extends Error {}

export async function compile(entry: string, options: CompileOptions = {}): Promise<CompileResult> {
  const bag = new DiagnosticBag()
  const definitionPath = resolve(entry)
  const failed = (): CompileResult => ({ diagnostics: bag.sorted(), ok: false, modules: new Map(), summary: null })

  const definition = loadDefinition(definitionPath, bag, undefined, options.files)
  if (!definition) return failed()
  checkSecurity(definition, bag)
  checkSchemas(definition, bag)
  const flows = loadFlows(definition.flowRefs, definition.siteRoot, bag, options.files)
  checkProject(flows, bag, { setElsewhere: securityVariables(definition) })
  // UP-VAL-1, VA39: upstream definitions named by requests and proxies are compiled like the definition
  const upstream = loadUpstreamDefinitions(definition, flows, bag, options.outDir)
  checkPoolHosts(definition, flows, bag)
  // ACT-xslt-1: stylesheets become SEF files now (cached by content, one xslt3 process each)
  const stylesheets = await compileStylesheets(flows, bag)
  if (bag.hasErrors) return failed()
  if (options.checkOnly === true)
    return { diagnostics: bag.sorted(), ok: true, modules: new Map(), stylesheets, summary: null }

  const version = packageVersion()
  const emitted = options.addFlows ? new Map([...flows, ...(await options.addFlows({ definition, flows }))]) : flows
  const { modules, revision } = emitProject(definition, emitted, {
    version,
    revision: options.revision,
    upstream,
    skeletons: await loadSkeletons(),
  })
  const outDir = options.outDir ? resolve(options.outDir) : undefined
  let typechecked: number | null = null
  if (options.typecheck === true) {
    // Loaded here: the TypeScript compiler is the largest dependency and only this option needs it
    const { typecheckModules } = await import('./emit/typecheck.js')
    const problems = typecheckModules(resolve(outDir ?? dirname(definitionPath), 'src'), modules)
    if (problems.length > 0)
      throw new InternalCompilerError(`generated code does not type-check:\n${problems.join('\n')}`)
    typechecked = modules.size
  }
  let bundleBytes: number | null = null
  if (outDir) {
    bundleBytes = await writeOutput(
      outDir,
      definition.siteRoot,
      modules,
      { version, revision, definition: basename(definitionPath) },
      stylesheets,
    )
  }
  return {
    diagnostics: bag.sorted(),
    ok: true,
    modules,
    stylesheets,
    summary: {
      routes: definition.routes.length,
      flows: flows.size,
      modules: modules.size,
      revision,
      bundleBytes,
      typechecked,
    },
  }
}
