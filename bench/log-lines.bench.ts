/**
 * Micro benchmark of the two lines every proxied request writes (operations.md LG3, upstream.md
 * UP-LOG-1): `svc_access` and `svc_request` built as bytes into a batch whose stream drops them, so
 * the figure is the cost of building the lines alone. In place, on the referee's proxy route, building
 * them costs about three times this figure (bench/README.md, "What this session changed and
 * measured"). Not part of `npm test`; run with
 *
 *   npx vitest bench --run bench/log-lines.bench.ts
 */
import { test } from 'vitest'

import { loggerOn } from '../runtime/log/logger.js'
import { BatchedOutput } from '../runtime/log/stderr-sink.js'
import { type AccessRecord, writeAccessLog } from '../runtime/server/access-log.js'
import { type ExchangeOutcome, type LogBase, writeRequestLog } from '../runtime/upstream/request-log.js'

const logger = loggerOn(new BatchedOutput({ write: () => undefined, writableLength: 0 }))
const ids = Array.from({ length: 256 }, (_, i) => Buffer.from(`${i}`.padStart(16, 'x')).toString('base64url'))

/** The fields of the referee's proxy route, made per request as the gateway makes them. */
function access(i: number): AccessRecord {
  const host = '127.0.0.1:18080'
  return {
    arrivalMs: Date.now(),
    requestId: ids[i & 255]!,
    span: null,
    url: `http://${host}/users`,
    path: '/users',
    status: 200,
    method: 'GET',
    agent: '',
    referrer: '',
    mime: 'application/json',
    realtime: 0.000123 * (i % 1000),
    bytes: 1033,
    requestBytes: 0,
    flow: 'x-svc-proxy',
    requestMime: '',
    location: '',
    errorCode: undefined,
    aborted: false,
  }
}

const base = (i: number): LogBase => ({
  requestId: ids[i & 255]!,
  url: 'http://127.0.0.1:18081/users',
  method: 'GET',
  id: 'main.0',
  target: null,
  attempt: null,
  span: null,
})
const outcome = (): ExchangeOutcome => {
  const now = performance.now()
  return {
    status: 200,
    mime: 'application/json',
    bytes: 1033,
    started: now - 1.5,
    headAt: now - 0.4,
    cacheHit: false,
    refresh: false,
    failure: null,
  }
}

let i = 0
test('log lines of one proxied request', async ({ bench }) => {
  await bench.compare(
    bench('svc_request + svc_access', () => {
      i++
      writeRequestLog(logger, base(i), outcome())
      writeAccessLog(logger, access(i))
    }),
    bench('their fields alone (the difference is the lines)', () => {
      i++
      base(i)
      outcome()
      access(i)
    }),
  )
})
