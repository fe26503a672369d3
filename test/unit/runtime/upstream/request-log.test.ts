// The `svc_request` line (operations.md LG5, upstream.md UP-LOG-1) written from its prebuilt JSON
// members (FIELDS_JSON) is byte for byte the line the logger makes from the plain fields.
import { describe, expect, it } from 'vitest'
import { createLogger, type Logger } from '../../../../runtime/log/logger.js'
import { timeoutFailure, transportFailure } from '../../../../runtime/upstream/failure.js'
import { writeRequestLog, type ExchangeOutcome, type LogBase } from '../../../../runtime/upstream/request-log.js'

const BASE: LogBase = { requestId: 'Qw3-_x', url: 'http://127.0.0.1:9001/users/4711?q=a%20b', method: 'GET', id: 'main.0' }
const OK: ExchangeOutcome = { status: 200, mime: 'application/json', bytes: 967, started: 1000, headAt: 1000.8124, cacheHit: false, refresh: false, failure: null }

/** Both lines of one write: from the prebuilt members, and from the plain fields alone. */
function linesOf(base: LogBase, outcome: ExchangeOutcome): [string, string] {
  const fast: string[] = []
  const plain: string[] = []
  const fastLogger = createLogger((line) => fast.push(line))
  const plainLogger = createLogger((line) => plain.push(line))
  const logger: Logger = {
    write(type, fields) {
      const timestamp = new Date(0)
      fastLogger.write(type, fields, timestamp)
      // Object.entries leaves symbol-keyed members out
      plainLogger.write(type, Object.fromEntries(Object.entries(fields)), timestamp)
    },
  }
  writeRequestLog(logger, base, outcome)
  return [fast[0]!, plain[0]!]
}

const CASES: [string, LogBase, ExchangeOutcome][] = [
  ['a response', BASE, OK],
  ['a cache hit without head time', BASE, { ...OK, headAt: null, cacheHit: true }],
  ['a revalidation', BASE, { ...OK, status: 304, mime: '', bytes: 0, refresh: true }],
  ['a transport failure', BASE, { ...OK, status: 0, mime: '', bytes: 0, headAt: null, failure: transportFailure('connection "refused"\n', 'ECONNREFUSED') }],
  ['a timeout', BASE, { ...OK, failure: timeoutFailure('overall', 1500) }],
  ['text needing escapes', { ...BASE, url: 'http://h/\u00e9\u2028"\\', id: 'x"y.1' }, { ...OK, mime: 'text/plain; charset="utf-8"' }],
]

describe('writeRequestLog', () => {
  it.each(CASES)('%s: the prebuilt line equals the plain one', (_, base, outcome) => {
    const [fast, plain] = linesOf(base, outcome)
    expect(fast).toBe(plain)
    expect(JSON.parse(fast)).toMatchObject({ type: 'svc_request', requestID: base.requestId, status: outcome.status })
  })
})
