/**
 * JSON-lines logging to stderr (operations.md LG1, LG9). A logger is created per gateway; there is no
 * global logger. Tests pass their own sink.
 */

export type LogSink = (line: string) => void

export interface Logger {
  /** Writes one line: `timestamp` and `type` first, then the fields in the given order. */
  write(type: string, fields: Record<string, unknown>, timestamp?: Date): void
}

/** `2025-03-14T09:26:53.589+00:00` (LG9). */
export function formatTimestamp(date: Date): string {
  return date.toISOString().replace('Z', '+00:00')
}

export function createLogger(sink: LogSink = (line) => process.stderr.write(line)): Logger {
  return {
    write(type, fields, timestamp = new Date()) {
      const record: Record<string, unknown> = { timestamp: formatTimestamp(timestamp), type }
      for (const key of Object.keys(fields)) if (fields[key] !== undefined) record[key] = fields[key]
      sink(JSON.stringify(record) + '\n')
    },
  }
}
