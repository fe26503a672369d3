/** Where a logger writes its JSON lines (operations.md LG1): stderr by default, a test's own sink in tests. */
import type { JsonLineWriter } from './json-line.js'

/** Lines as text, one call per line (tests, the svc-test runner). */
export type LogSink = (line: string) => void

/** Lines as bytes: each line is written into `writer` after the earlier ones, then announced. */
export interface LineOutput {
  readonly writer: JsonLineWriter
  /** The line that began at `start` ends at `writer.pos`. */
  lineEnded(start: number): void
}
