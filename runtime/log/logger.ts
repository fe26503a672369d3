/**
 * JSON-lines logging to stderr (operations.md LG1, LG9). A logger is created per gateway; there is no
 * global logger. Tests pass their own sink.
 */
import type { LogSink } from './sink.js'
import { batchingSink } from './stderr-sink.js'

export type { LogSink }

export interface Logger {
  /** Writes one line: `timestamp` and `type` first, then the fields in the given order. */
  write(type: string, fields: Record<string, unknown>, timestamp?: Date): void
}

/** `2025-03-14T09:26:53.589+00:00` (LG9). */
export function formatTimestamp(date: Date): string {
  return date.toISOString().replace('Z', '+00:00')
}

/**
 * Optional member of the `fields` of a line written for every request: the same fields already as
 * JSON members in the same order (`"a":1,"b":"x"`, undefined ones left out). A symbol, so JSON and
 * Object.keys never see it; other loggers (tests, wrappers) read the plain fields as before.
 */
export const FIELDS_JSON: unique symbol = Symbol('svc-gateway log fields as JSON')

/** JSON text of an object whose first key is an array index. */
const LEADING_INDEX = /^\{"(?:0|[1-9][0-9]*)"/

export function createLogger(sink: LogSink = batchingSink()): Logger {
  // Formatting a timestamp costs more than the rest of a line; lines of the same millisecond share it.
  let lastTime = NaN
  let lastText = ''
  return {
    write(type, fields, timestamp) {
      const time = timestamp === undefined ? Date.now() : timestamp.getTime()
      if (time !== lastTime) {
        lastTime = time
        lastText = formatTimestamp(timestamp ?? new Date(time))
      }
      const members = (fields as { [FIELDS_JSON]?: unknown })[FIELDS_JSON]
      if (typeof members === 'string') {
        sink(`{"timestamp":"${lastText}","type":${JSON.stringify(type)}${members === '' ? '' : ','}${members}}\n`)
        return
      }
      // Usually `fields` is serialized as it is, behind the first two members: when it has no member
      // of theirs and no integer-like key (an object lists those first, even before `timestamp`).
      if (fields['timestamp'] === undefined && fields['type'] === undefined) {
        const json = JSON.stringify(fields)
        if (!LEADING_INDEX.test(json)) {
          sink(`{"timestamp":"${lastText}","type":${JSON.stringify(type)}${json.length > 2 ? `,${json.slice(1)}` : '}'}\n`)
          return
        }
      }
      // Member by member, so that `timestamp` and `type` stay first (LG1) whatever the keys are, and a
      // custom field named `__proto__` (LG4) is an ordinary member.
      let line = `{"timestamp":"${lastText}","type":${JSON.stringify(type)}`
      const keys = Object.keys(fields)
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!
        if (key === 'timestamp' || key === 'type') continue
        const value = JSON.stringify(fields[key])
        if (value !== undefined) line += `,${JSON.stringify(key)}:${value}`
      }
      sink(line + '}\n')
    },
  }
}
