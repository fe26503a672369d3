/**
 * JSON-lines logging to stderr (operations.md LG1, LG9). A logger is created per gateway; there is no
 * global logger. Tests pass their own sink.
 */
import { batchingSink } from './stderr-sink.js'

export type LogSink = (line: string) => void

export interface Logger {
  /** Writes one line: `timestamp` and `type` first, then the fields in the given order. */
  write(type: string, fields: Record<string, unknown>, timestamp?: Date): void
}

/** `2025-03-14T09:26:53.589+00:00` (LG9). */
export function formatTimestamp(date: Date): string {
  return date.toISOString().replace('Z', '+00:00')
}

export function createLogger(sink: LogSink = batchingSink()): Logger {
  // Formatting a timestamp costs more than the rest of a line; lines of the same millisecond share it.
  let lastTime = NaN
  let lastText = ''
  return {
    write(type, fields, timestamp = new Date()) {
      const time = timestamp.getTime()
      if (time !== lastTime) {
        lastTime = time
        lastText = formatTimestamp(timestamp)
      }
      const record: Record<string, unknown> = { timestamp: lastText, type }
      const keys = Object.keys(fields)
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!
        const value = fields[key]
        if (value === undefined || key === 'timestamp' || key === 'type') continue
        // A custom field named `__proto__` (LG4) must stay an ordinary member.
        if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true })
        else record[key] = value
      }
      sink(JSON.stringify(record) + '\n')
    },
  }
}
