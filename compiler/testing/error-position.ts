/**
 * Where a test flow's error came from, for its TAP line (operations.md TS11 `# error: <file>:<line>:
 * <col>: <message>`). Run-time failures of actions (code 5001) name their position in `info`; for
 * other errors (an `error` action, `exit-on-error`, a configuration error) the stack trace is mapped
 * through the bundle's source map to the generated module, whose source comment above that line
 * (`// tests/a.xml:7:3 <error>`) names the action. The innermost frame in generated code wins, so an
 * error raised inside a sub-flow points into the sub-flow.
 */
import { SourceMap } from 'node:module'

/** `// tests/a.xml:7:3 <tag ...>`: the comment generated code puts before every statement. */
const STATEMENT_COMMENT = /^\s*\/\/ (\S+:\d+:\d+) </
const FRAME = /\(?((?:file|data):[^\s()]+|\/[^\s():]+):(\d+):(\d+)\)?\s*$/

export class ErrorLocator {
  readonly #map: SourceMap | null

  constructor(
    /** URL of the imported bundle, as stack frames name it. */
    readonly bundleUrl: string,
    sourceMap: string,
    /** The generated modules by path relative to `src/`. */
    readonly modules: ReadonlyMap<string, string>,
  ) {
    let map: SourceMap | null = null
    try {
      map = new SourceMap(JSON.parse(sourceMap) as ConstructorParameters<typeof SourceMap>[0])
    } catch {
      map = null
    }
    this.#map = map
  }

  /** `file:line:col` (site-relative) of the statement that raised `error`, or null when unknown. */
  locate(error: unknown): string | null {
    const stack = error instanceof Error ? error.stack : undefined
    if (stack === undefined || this.#map === null) return null
    for (const line of stack.split('\n')) {
      const frame = FRAME.exec(line.trim())
      if (frame === null || frame[1] !== this.bundleUrl) continue
      const found = this.#statementAt(Number(frame[2]) - 1, Number(frame[3]) - 1)
      if (found !== null) return found
    }
    return null
  }

  #statementAt(line: number, column: number): string | null {
    const entry = this.#map!.findEntry(line, column) as { originalSource?: string; originalLine?: number }
    if (entry.originalSource === undefined || entry.originalLine === undefined) return null
    const text = this.#moduleText(entry.originalSource)
    if (text === undefined) return null
    const lines = text.split('\n')
    for (let i = Math.min(entry.originalLine, lines.length - 1); i >= 0; i--) {
      const match = STATEMENT_COMMENT.exec(lines[i]!)
      if (match !== null) return match[1]!
    }
    return null
  }

  /** The module a source map entry names (esbuild writes `<namespace>:<path>`). */
  #moduleText(source: string): string | undefined {
    const path = source.slice(source.lastIndexOf(':') + 1)
    return this.modules.get(path) ?? this.modules.get(path.replace(/^\.\//, ''))
  }
}
