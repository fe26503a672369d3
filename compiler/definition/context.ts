/**
 * State of one definition load: the bag, the site root, the document store and the flow files
 * referenced so far. Created per `loadDefinition` call, never shared (no module state).
 */
import type { DiagnosticCode } from '../diagnostics/codes.js'
import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import type { Loc, SourceFile } from '../diagnostics/source.js'
import type { FlowRef } from '../ir/definition.js'
import { DISK_FILES, type ProjectFiles } from '../project-files.js'
import { DocumentStore, siteRelative } from './documents.js'

/** Result of checking a referenced file: usable, or already reported. */
export type FileCheck = 'ok' | 'reported'

export class LoadContext {
  readonly store: DocumentStore
  readonly #flowRefs = new Map<string, FlowRef>()
  readonly #reportedFiles = new Set<string>()
  /** The definition file, once read. */
  definitionFile: SourceFile | null = null

  constructor(
    readonly bag: DiagnosticBag,
    readonly siteRoot: string,
    files: ProjectFiles = DISK_FILES,
  ) {
    this.store = new DocumentStore(siteRoot, bag, files)
  }

  error(code: DiagnosticCode, loc: Loc, message: string, suggestions?: readonly string[]): void {
    this.bag.error(code, loc, message, undefined, suggestions)
  }

  warning(code: DiagnosticCode, loc: Loc, message: string, suggestions?: readonly string[]): void {
    this.bag.warning(code, loc, message, suggestions)
  }

  /** `flows/cart.xml` for an absolute path below the site root. */
  sitePath(path: string): string {
    return siteRelative(this.siteRoot, path)
  }

  /**
   * Checks a referenced file (flow, key file, ...) written at `at`: inside the site root (CC18),
   * existing and readable (CC2 for flows, CC16 for key files). A missing file is reported once, at
   * its first reference (CC24).
   */
  checkFile(path: string, at: Loc, what: string): FileCheck {
    if (!this.store.isInsideSiteRoot(path)) {
      this.error('project/outside-site-root', at, `${this.sitePath(path)} is outside the project directory`)
      return 'reported'
    }
    if (this.#reportedFiles.has(path)) return 'reported'
    const problem = this.store.files.problem(path)
    if (problem === null) return 'ok'
    this.#reportedFiles.add(path)
    this.error(
      what === 'flow file' ? 'project/missing-flow' : 'project/missing-file',
      at,
      `${what} ${this.sitePath(path)} ${problem}`,
    )
    return 'reported'
  }

  /** True when `path` is a readable file inside the site root (no diagnostics). */
  fileIsUsable(path: string): boolean {
    return this.store.isInsideSiteRoot(path) && this.store.files.problem(path) === null
  }

  /** Records a flow reference; the first reference of a file is the one kept (flowRefs order). */
  addFlowRef(path: string, loc: Loc): FlowRef {
    const existing = this.#flowRefs.get(path)
    const ref: FlowRef = { kind: 'flow-ref', loc, path }
    if (existing === undefined) this.#flowRefs.set(path, ref)
    return ref
  }

  flowRefs(): FlowRef[] {
    return [...this.#flowRefs.values()]
  }
}
