/**
 * The trace ids a log line of a traced request carries (operations.md TR7): `traceID` and `spanID`
 * after `requestID`. Spans are made by runtime/tracing; the log only writes their ids.
 */
export interface TraceIds {
  /** 32 lowercase hex digits. */
  readonly traceId: string
  /** 16 lowercase hex digits. */
  readonly spanId: string
}
