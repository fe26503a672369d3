/**
 * The trace ids a log line of a traced request carries (operations.md TR7): `traceID` and `spanID`
 * after `requestID`. Spans are made by runtime/tracing; the log only writes their ids.
 */
import { type HexDigits, type JsonLineWriter, memberKey } from './json-line.js'

export interface TraceIds {
  /** 32 lowercase hex digits. */
  readonly traceId: string
  /** 16 lowercase hex digits. */
  readonly spanId: string
  /** The trace id's digits as bytes where the tracer keeps them (why: writeTraceIds); else null. */
  readonly traceIdDigits: HexDigits | null
  /** The span id's digits as bytes where the tracer keeps them; else null. */
  readonly spanIdDigits: HexDigits | null
}

const TRACE_ID = memberKey('traceID')
const SPAN_ID = memberKey('spanID')

/**
 * The `traceID` and `spanID` members of a line written by hand. Ids kept as bytes are copied from
 * them: the tracer's id strings are slices of one long text, whose characters cost more to read one by
 * one (timed in the running gateway, ~0.3 µs per request for the four ids of its two lines).
 */
export function writeTraceIds(line: JsonLineWriter, ids: TraceIds): void {
  line.raw(TRACE_ID)
  line.hexId(ids.traceId, ids.traceIdDigits)
  line.raw(SPAN_ID)
  line.hexId(ids.spanId, ids.spanIdDigits)
}
