// The `svc_request` line (operations.md LG5, upstream.md UP-LOG-1), written as prebuilt JSON
// members, is byte for byte the line the logger makes from the LG5 fields as plain values.
import { describe, expect, it } from 'vitest'

import { createLogger } from '../../../../runtime/log/logger.js'
import { errorNameOf, failureMessage, timeoutFailure, transportFailure } from '../../../../runtime/upstream/failure.js'
import { type ExchangeOutcome, type LogBase, writeRequestLog } from '../../../../runtime/upstream/request-log.js'

const BASE: LogBase = {
  requestId: 'Qw3-_x',
  url: 'http://127.0.0.1:9001/users/4711?q=a%20b',
  method: 'GET',
  id: 'main.0',
  target: null,
  attempt: null,
  span: null,
}
const OK: ExchangeOutcome = {
  status: 200,
  mime: 'application/json',
  bytes: 967,
  started: 1000,
  headAt: 1000.8124,
  cacheHit: false,
  refresh: false,
  failure: null,
}

/** The LG5 fields in their order, as plain values, for an exchange that took `durationUs`. */
function plainFields(base: LogBase, outcome: ExchangeOutcome, durationUs: number): Record<string, unknown> {
  const failure = outcome.failure
  return {
    requestID: base.requestId,
    url: base.url,
    method: base.method,
    status: outcome.status,
    mime: outcome.mime,
    bytes: outcome.bytes,
    duration: durationUs / 1e6,
    id: base.id,
    cacheHit: outcome.cacheHit,
    refresh: outcome.refresh,
    timing: {
      DNS: 0,
      TCP: 0,
      TTFB: outcome.headAt === null ? 0 : Math.round((outcome.headAt - outcome.started) * 1000) / 1000,
    },
    errorName: failure === null ? undefined : errorNameOf(failure),
    errorMessage: failure === null ? undefined : failureMessage(failure),
  }
}

/** The line writeRequestLog writes, and the line the logger makes from the plain fields. */
function linesOf(base: LogBase, outcome: ExchangeOutcome): [string, string] {
  const written: string[] = []
  const plain: string[] = []
  writeRequestLog(
    createLogger((line) => written.push(line)),
    base,
    outcome,
  )
  // the duration runs until the line is written: the plain line takes the written one's
  const line = JSON.parse(written[0]!) as { timestamp: string; duration: number }
  const durationUs = Math.round(line.duration * 1e6)
  createLogger((text) => plain.push(text)).write(
    'svc_request',
    plainFields(base, outcome, durationUs),
    new Date(Date.parse(line.timestamp)),
  )
  return [written[0]!, plain[0]!]
}

const CASES: [string, LogBase, ExchangeOutcome][] = [
  ['a response', BASE, OK],
  ['a cache hit without head time', BASE, { ...OK, headAt: null, cacheHit: true }],
  ['a revalidation', BASE, { ...OK, status: 304, mime: '', bytes: 0, refresh: true }],
  [
    'a transport failure',
    BASE,
    {
      ...OK,
      status: 0,
      mime: '',
      bytes: 0,
      headAt: null,
      failure: transportFailure('connection "refused"\n', 'ECONNREFUSED'),
    },
  ],
  ['a timeout', BASE, { ...OK, failure: timeoutFailure('overall', 1500) }],
  [
    'text needing escapes',
    { ...BASE, url: 'http://h/\u00e9\u2028"\\', id: 'x"y.1' },
    { ...OK, mime: 'text/plain; charset="utf-8"' },
  ],
]

describe('writeRequestLog', () => {
  it.each(CASES)('%s: the prebuilt line equals the plain one', (_, base, outcome) => {
    const [fast, plain] = linesOf(base, outcome)
    expect(fast).toBe(plain)
    expect(JSON.parse(fast)).toMatchObject({ type: 'svc_request', requestID: base.requestId, status: outcome.status })
  })
})
