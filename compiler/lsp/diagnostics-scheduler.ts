/**
 * When to check and what to publish. A change schedules a check of its project after a pause
 * (debounced, so typing does not start a compile per key); checks of one project run one at a time,
 * and a check that a later change made stale publishes nothing. Every file a project's check read
 * gets its diagnostics, and a file that had diagnostics before and has none now is cleared.
 */
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver/node'

import type { Diagnostic } from '../diagnostics/diagnostic.js'
import type { CheckResult } from './check.js'

export interface ScheduledProject {
  /** The definition's absolute path, or null for a document checked alone. */
  readonly definition: string | null
  /** The key the project is scheduled under (the definition, or the lone document). */
  readonly key: string
}

export interface SchedulerHost {
  check(project: ScheduledProject): Promise<CheckResult>
  publish(path: string, diagnostics: LspDiagnostic[]): void
  convert(diagnostic: Diagnostic): LspDiagnostic
  /** The server's own diagnostics for a file the check reported on, after the compiler's. */
  notes(project: ScheduledProject, path: string): LspDiagnostic[]
  /** A check failed unexpectedly (a compiler bug): shown to the user, never thrown. */
  fail(project: ScheduledProject, error: unknown): void
}

interface ProjectState {
  timer: NodeJS.Timeout | undefined
  /** Bumped by every schedule; a check publishes only when it is still the latest. */
  generation: number
  running: Promise<void>
  /** Files with diagnostics at the last publication. */
  published: Set<string>
}

export class DiagnosticsScheduler {
  readonly #projects = new Map<string, ProjectState>()

  constructor(
    readonly host: SchedulerHost,
    readonly delayMs: number,
  ) {}

  schedule(project: ScheduledProject, delayMs = this.delayMs): void {
    const state = this.#state(project.key)
    state.generation++
    clearTimeout(state.timer)
    state.timer = setTimeout(() => {
      state.timer = undefined
      const generation = state.generation
      state.running = state.running.then(() => this.#run(project, state, generation))
    }, delayMs)
  }

  dispose(): void {
    for (const state of this.#projects.values()) clearTimeout(state.timer)
  }

  #state(key: string): ProjectState {
    let state = this.#projects.get(key)
    if (!state) {
      state = { timer: undefined, generation: 0, running: Promise.resolve(), published: new Set() }
      this.#projects.set(key, state)
    }
    return state
  }

  async #run(project: ScheduledProject, state: ProjectState, generation: number): Promise<void> {
    if (generation !== state.generation) return
    let result: CheckResult
    try {
      result = await this.host.check(project)
    } catch (error) {
      this.host.fail(project, error)
      return
    }
    if (generation !== state.generation) return
    const now = new Set<string>()
    for (const [path, diagnostics] of result.byFile) {
      const all = [...diagnostics.map((d) => this.host.convert(d)), ...this.host.notes(project, path)]
      this.host.publish(path, all)
      if (all.length > 0) now.add(path)
    }
    for (const path of state.published) if (!result.byFile.has(path)) this.host.publish(path, [])
    state.published = now
  }
}
