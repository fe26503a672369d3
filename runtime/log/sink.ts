/** Where a logger writes its JSON lines (operations.md LG1): stderr by default, a test's own sink in tests. */
export type LogSink = (line: string) => void
