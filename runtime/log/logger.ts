/**
 * JSON-lines logging to stderr (operations.md LG1, LG9). A logger is created per gateway; there is no
 * global logger. Tests pass their own sink.
 */
import { JsonLineWriter } from './json-line.js'
import type { LineOutput, LogSink } from './sink.js'
import { BatchedOutput } from './stderr-sink.js'

export type { LogSink }

export interface Logger {
  /** Writes one line: `timestamp` and `type` first, then the fields in the given order. */
  write(type: string, fields: Record<string, unknown>, timestamp?: Date): void
  /**
   * Begins the line of every request (access, upstream exchange): `timestamp` (epoch milliseconds,
   * default now) and `type` are written; the caller writes the members (`raw(memberKey)` then the
   * value) and calls `endLine()`. Building such a line as bytes costs a fraction of an object
   * serialized, or of a text concatenated and encoded.
   */
  beginLine(type: string, timestampMs?: number): JsonLineWriter
  endLine(): void
}

/** Sees the lines of one type as they are written (metrics counted from the upstream lines). */
export interface LineObserver {
  readonly type: string
  line(text: string): void
}

/** `2025-03-14T09:26:53.589+00:00` (LG9). */
export function formatTimestamp(date: Date): string {
  return date.toISOString().replace('Z', '+00:00')
}

/** JSON text of an object whose first key is an array index. */
const LEADING_INDEX = /^\{"(?:0|[1-9][0-9]*)"/

const TIMESTAMP = Buffer.from('{"timestamp":')
const LINE_END = Buffer.from('}\n')

/** A logger writing to `sink`, or in batches to stderr by default; `observer` sees one type of line. */
export function createLogger(sink?: LogSink, observer?: LineObserver): Logger {
  return loggerOn(sink === undefined ? new BatchedOutput() : textLines(sink), observer)
}

/** A logger writing its lines as bytes to `output` (createLogger; benchmarks give an output of their own). */
export function loggerOn(output: LineOutput, observer?: LineObserver): Logger {
  const writer = output.writer
  // `,"type":"…"` encoded once per line type: the runtime writes a handful of fixed `svc_*` types
  const typeMembers = new Map<string, Buffer>()
  let lineStart = 0
  let lineType = ''
  const begin = (type: string, timestampMs: number): void => {
    lineStart = writer.pos
    lineType = type
    let typeMember = typeMembers.get(type)
    if (typeMember === undefined) typeMembers.set(type, (typeMember = Buffer.from(`,"type":${JSON.stringify(type)}`)))
    try {
      writer.raw(TIMESTAMP)
      writer.timestamp(timestampMs)
    } catch (error) {
      // an invalid time (RangeError): no part of the line stays behind
      writer.pos = lineStart
      throw error
    }
    writer.raw(typeMember)
  }
  const end = (): void => {
    if (observer === undefined || lineType !== observer.type) return output.lineEnded(lineStart)
    // read before the output takes the line (a text output hands it on and reuses the bytes)
    const text = writer.textFrom(lineStart)
    output.lineEnded(lineStart)
    observer.line(text)
  }
  return {
    beginLine(type, timestampMs = Date.now()) {
      begin(type, timestampMs)
      return writer
    },
    endLine() {
      writer.raw(LINE_END)
      end()
    },
    write(type, fields, timestamp) {
      // serialized before anything is written: a value JSON cannot take throws with no part of a line behind
      const members = membersText(fields)
      begin(type, timestamp === undefined ? Date.now() : timestamp.getTime())
      writer.text(members)
      end()
    },
  }
}

/** `fields` as the members after `timestamp` and `type`, with the line's end: `,"a":1}` and a newline. */
function membersText(fields: Record<string, unknown>): string {
  // Usually `fields` is serialized as it is, behind the first two members: when it has no member
  // of theirs and no integer-like key (an object lists those first, even before `timestamp`).
  if (fields['timestamp'] === undefined && fields['type'] === undefined) {
    const json = JSON.stringify(fields)
    if (!LEADING_INDEX.test(json)) return json.length > 2 ? `,${json.slice(1)}\n` : '}\n'
  }
  // Member by member, so that `timestamp` and `type` stay first (LG1) whatever the keys are, and a
  // custom field named `__proto__` (LG4) is an ordinary member.
  let members = ''
  const keys = Object.keys(fields)
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!
    if (key === 'timestamp' || key === 'type') continue
    const value = JSON.stringify(fields[key])
    if (value !== undefined) members += `,${JSON.stringify(key)}:${value}`
  }
  return members + '}\n'
}

/** Each line handed to `sink` as text once it is complete. */
function textLines(sink: LogSink): LineOutput {
  const writer = new JsonLineWriter(1024)
  return {
    writer,
    lineEnded(start) {
      const line = writer.textFrom(start)
      writer.pos = start
      sink(line)
    },
  }
}
