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
  /**
   * Writes one line whose fields are given as JSON members (`"a":1,"b":"x"`, in order, already
   * escaped) after `timestamp` (epoch milliseconds, default now) and `type`: the lines written for
   * every request are built as text at once, since building an object and serializing it cost more
   * than the rest of such a line.
   */
  writeMembers(type: string, members: string, timestampMs?: number): void
}

/** `2025-03-14T09:26:53.589+00:00` (LG9). */
export function formatTimestamp(date: Date): string {
  return date.toISOString().replace('Z', '+00:00')
}

/**
 * LG9 timestamps of one logger: the text up to the seconds is made once per second, the milliseconds
 * are appended; lines of one request alternate between its arrival time and now, so a one-entry cache
 * of whole texts missed on almost every line.
 */
class TimestampText {
  #second = NaN
  #prefix = ''

  of(ms: number): string {
    const second = Math.floor(ms / 1000)
    if (second !== this.#second) {
      const text = formatTimestamp(new Date(second * 1000))
      if (text.length !== 29) return formatTimestamp(new Date(ms)) // a year outside 0000-9999
      this.#second = second
      this.#prefix = text.slice(0, 20)
    }
    const millis = ms - second * 1000
    return `${this.#prefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}+00:00`
  }
}

/** A number as JSON writes it (non-finite ones as `null`), for `writeMembers`. */
export function jsonNumber(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null'
}

/**
 * `units / scale` (scale a power of ten) as JSON writes that number: the same text as
 * `String(units / scale)`, built from integers. Up to 15 digits a double holds the decimal exactly,
 * so its shortest form is the decimal itself; anything else is left to String().
 */
export function decimal(units: number, scale: number): string {
  if (!Number.isInteger(units) || units < 0 || units >= 1e15) return jsonNumber(units / scale)
  const whole = Math.floor(units / scale)
  const fraction = units - whole * scale
  if (fraction === 0) return String(whole)
  let text = String(fraction)
  // leading zeros up to the scale's digits (this runs for every log line: no String(scale), no repeat())
  for (let bound = scale / 10; fraction < bound && bound >= 1; bound /= 10) text = `0${text}`
  let end = text.length
  while (text.charCodeAt(end - 1) === 0x30) end--
  return `${whole}.${text.slice(0, end)}`
}

/** JSON text of an object whose first key is an array index. */
const LEADING_INDEX = /^\{"(?:0|[1-9][0-9]*)"/

export function createLogger(sink: LogSink = batchingSink()): Logger {
  const timestamps = new TimestampText()
  // `type` quoted once per line type: the runtime writes a handful of fixed `svc_*` types
  const quotedTypes = new Map<string, string>()
  const quoted = (type: string): string => {
    let quotedType = quotedTypes.get(type)
    if (quotedType === undefined) quotedTypes.set(type, (quotedType = JSON.stringify(type)))
    return quotedType
  }
  return {
    writeMembers(type, members, timestampMs = Date.now()) {
      const stamp = Number.isInteger(timestampMs) ? timestamps.of(timestampMs) : formatTimestamp(new Date(timestampMs))
      sink(`{"timestamp":"${stamp}","type":${quoted(type)}${members === '' ? '' : ','}${members}}\n`)
    },
    write(type, fields, timestamp) {
      const time = timestamp === undefined ? Date.now() : timestamp.getTime()
      const stamp = Number.isInteger(time) ? timestamps.of(time) : formatTimestamp(timestamp ?? new Date(time))
      const quotedType = quoted(type)
      // Usually `fields` is serialized as it is, behind the first two members: when it has no member
      // of theirs and no integer-like key (an object lists those first, even before `timestamp`).
      if (fields['timestamp'] === undefined && fields['type'] === undefined) {
        const json = JSON.stringify(fields)
        if (!LEADING_INDEX.test(json)) {
          sink(`{"timestamp":"${stamp}","type":${quotedType}${json.length > 2 ? `,${json.slice(1)}` : '}'}\n`)
          return
        }
      }
      // Member by member, so that `timestamp` and `type` stay first (LG1) whatever the keys are, and a
      // custom field named `__proto__` (LG4) is an ordinary member.
      let line = `{"timestamp":"${stamp}","type":${quotedType}`
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
