// The `svc_access` line (operations.md LG3, LG9), written as prebuilt JSON members, is byte for byte
// the line the logger makes from the LG3 fields as plain values.
import { describe, expect, it } from 'vitest'

import { createLogger } from '../../../../runtime/log/logger.js'
import { type AccessRecord, writeAccessLog } from '../../../../runtime/server/access-log.js'

const BASE: AccessRecord = {
  arrivalMs: Date.UTC(2026, 10, 26, 19, 50, 47, 5),
  requestId: 'eD-eMUNRPHNhe56_5ER9BA',
  span: null,
  url: 'http://localhost:18085/users',
  path: '/users?q=a%20b',
  status: 200,
  method: 'GET',
  agent: 'curl/7.88.1',
  referrer: '',
  mime: 'application/json',
  realtime: 0.0289171234,
  bytes: 711,
  requestBytes: 0,
  flow: 'flows/users.xml',
  requestMime: '',
  location: '',
  errorCode: undefined,
  aborted: false,
}

/** The LG3 fields in their order, as plain values. */
function plainFields(record: AccessRecord): Record<string, unknown> {
  return {
    requestID: record.requestId,
    url: record.url,
    path: record.path,
    status: record.status,
    method: record.method,
    agent: record.agent,
    referrer: record.referrer,
    mime: record.mime,
    realtime: Math.round(record.realtime * 1e6) / 1e6,
    bytes: record.bytes,
    requestbytes: record.requestBytes,
    flow: record.flow,
    requestmime: record.requestMime,
    location: record.location,
    errorCode: record.errorCode,
    aborted: record.aborted ? true : undefined,
  }
}

/** The line writeAccessLog writes, and the line the logger makes from the plain fields. */
function linesOf(record: AccessRecord): [string, string] {
  const written: string[] = []
  const plain: string[] = []
  writeAccessLog(
    createLogger((line) => written.push(line)),
    record,
  )
  createLogger((line) => plain.push(line)).write('svc_access', plainFields(record), new Date(record.arrivalMs))
  return [written[0]!, plain[0]!]
}

const CASES: [string, AccessRecord][] = [
  ['a response', BASE],
  ['an error code', { ...BASE, status: 502, errorCode: 3101, realtime: 1.5 }],
  ['an aborted exchange', { ...BASE, status: 499, aborted: true, bytes: 0, realtime: 12 }],
  ['text needing escapes', { ...BASE, agent: 'a"\\\n\u2028\ud800', location: '/x?"y"', referrer: 'http://h/\u00e9' }],
  ['a non-finite time', { ...BASE, realtime: Number.NaN }],
]

describe('writeAccessLog', () => {
  it.each(CASES)('%s: the prebuilt line equals the plain one', (_, record) => {
    const [fast, plain] = linesOf(record)
    expect(fast).toBe(plain)
    expect(JSON.parse(fast)).toMatchObject({ type: 'svc_access', requestID: record.requestId, status: record.status })
  })
})

describe('log timestamps (LG9)', () => {
  it('equal toISOString with +00:00 for every millisecond, in and out of order', () => {
    const lines: string[] = []
    const logger = createLogger((line) => lines.push(line))
    const times = [
      0,
      5,
      999,
      1000,
      1001,
      59_999,
      60_000,
      -1,
      -1001,
      Date.UTC(2026, 10, 26, 23, 59, 59, 999),
      Date.UTC(2026, 10, 27),
      253402300799999,
    ]
    for (let x = 11, i = 0; i < 2000; i++) {
      x = (x * 48271) % 2147483647
      times.push(1_700_000_000_000 + (x % 5000), 1_700_000_000_000 + i * 7)
    }
    for (const ms of times) logger.write('svc_test', {}, new Date(ms))
    expect(lines.map((line) => JSON.parse(line).timestamp)).toEqual(
      times.map((ms) => new Date(ms).toISOString().replace('Z', '+00:00')),
    )
  })

  it('falls back to the full form for years past 9999', () => {
    const lines: string[] = []
    createLogger((line) => lines.push(line)).write('svc_test', {}, new Date(253402300800000))
    expect(JSON.parse(lines[0]!).timestamp).toBe('+010000-01-01T00:00:00.000+00:00')
  })
})
