/**
 * The last checked configuration each `request`/`proxy-request` template produced (upstream.md
 * UP-CFG-1, UP-PROXY-1). A configuration depends on nothing but the template's output text, and most
 * templates write the same text on every request (a fixed URL, headers from `$env`), so while the
 * text stays the same the checked configuration is reused instead of parsed and checked again. One
 * entry per template; only configurations without warnings are kept (warnings are reported per run).
 */
import type { CompiledTemplate } from '../template/compiled-template.js'
import { ConfigProblems } from './config-problems.js'

export class ConfigMemo {
  readonly #last = new Map<CompiledTemplate, { readonly text: string; readonly config: unknown }>()

  /**
   * The configuration `template` stands for when its output is `text`: the one remembered for that
   * text, else what `check` makes of it (it reports problems and throws on errors), remembered when
   * it found no problem at all.
   */
  checked<T>(template: CompiledTemplate, text: string, check: (problems: ConfigProblems) => T): T {
    const last = this.#last.get(template)
    if (last !== undefined && last.text === text) return last.config as T
    const problems = new ConfigProblems()
    const config = check(problems)
    if (problems.items.length === 0) this.#last.set(template, { text, config })
    return config
  }
}
