/**
 * Upstream metrics from the `svc_request` lines (operations.md LG5, HL4): the origin of `url` (a pool's
 * `target`), answered exchanges by status, failures by their `errorName`, `cacheHit`, the duration
 * histogram per origin; other lines pass through. Counters of several workers add up (HL7).
 */
import { describe, expect, it } from 'vitest'

import { createLogger } from '../../../../runtime/log/logger.js'
import { GatewayMetrics } from '../../../../runtime/metrics/gateway-metrics.js'
import { originOf, upstreamLineCounter } from '../../../../runtime/metrics/upstream-lines.js'
import { timeoutFailure } from '../../../../runtime/upstream/failure.js'
import { type ExchangeOutcome, type LogBase, writeRequestLog } from '../../../../runtime/upstream/request-log.js'
import { parsePrometheusText } from '../health/prometheus-parse.js'

describe('HL4 upstream metrics', () => {
  it.each([
    ['http://127.0.0.1:9001/v1/users?x=1', 'http://127.0.0.1:9001'],
    ['https://api.example.com', 'https://api.example.com'],
    ['https://api.example.com?q=1', 'https://api.example.com'],
    ['not a url', ''],
  ])('originOf(%s) = %s', (url, origin) => expect(originOf(url)).toBe(origin))

  it('counts every svc_request line by status and origin, and passes all lines through', () => {
    const lines: string[] = []
    const metrics = new GatewayMetrics()
    const logger = createLogger((line) => lines.push(line), upstreamLineCounter(metrics))
    // as the upstream area writes them; `started` set back by the exchange's duration in milliseconds
    const exchange = (
      url: string,
      outcome: Partial<ExchangeOutcome> & { readonly ms: number },
      base: Partial<LogBase> = {},
    ): void =>
      writeRequestLog(
        logger,
        { requestId: 'r1', url, method: 'GET', id: 'main.0', target: null, attempt: null, span: null, ...base },
        {
          status: 200,
          mime: '',
          bytes: 0,
          headAt: null,
          cacheHit: false,
          refresh: false,
          failure: null,
          ...outcome,
          started: performance.now() - outcome.ms,
        },
      )
    exchange('http://a.test:81/x', { ms: 1 })
    exchange('http://a.test:81/y', { ms: 1, cacheHit: true })
    exchange('http://b.test/z', { ms: 3200, status: 0, failure: timeoutFailure('overall', 3200) })
    // a pool's request: counted by its target
    exchange('http://users/v1', { ms: 0, status: 503 }, { requestId: 'r2', target: 'http://10.0.0.7:8080', attempt: 0 })
    logger.write('svc_access', { status: 200 })
    expect(lines).toHaveLength(5)
    expect(metrics.snapshot().upstream).toEqual({ total: 4, failed: 1 })
    const parsed = parsePrometheusText(metrics.render(BUILD))
    expect(parsed.value('svc_upstream_requests_total', { origin: 'http://a.test:81', status: '200' })).toBe(2)
    expect(parsed.value('svc_upstream_requests_total', { origin: 'http://10.0.0.7:8080', status: '503' })).toBe(1)
    expect(parsed.samples.some((s) => s.labels['status'] === '0')).toBe(false)
    expect(parsed.value('svc_upstream_failures_total', { origin: 'http://b.test', error: 'ETIMEDOUT' })).toBe(1)
    expect(parsed.value('svc_build_info', { version: '1.2.0', revision: 'abc123' })).toBe(1)
    expect(parsed.value('svc_upstream_cache_hits_total', { origin: 'http://a.test:81' })).toBe(1)
    expect(parsed.value('svc_upstream_duration_seconds_count', { origin: 'http://a.test:81' })).toBe(2)
    expect(parsed.value('svc_upstream_duration_seconds_bucket', { origin: 'http://a.test:81', le: '0.005' })).toBe(2)
    expect(parsed.value('svc_upstream_duration_seconds_bucket', { origin: 'http://b.test', le: '2.5' })).toBe(0)
    expect(parsed.value('svc_upstream_duration_seconds_bucket', { origin: 'http://b.test', le: '5' })).toBe(1)
  })

  it('label values are escaped', () => {
    const metrics = new GatewayMetrics()
    metrics.requestStarted()
    metrics.requestEnded(true, '/a"b\\c', 200, 0.001, undefined)
    const parsed = parsePrometheusText(metrics.render(BUILD))
    expect(parsed.value('svc_route_request_duration_seconds_count', { route: '/a"b\\c', status: '200' })).toBe(1)
  })

  it('HL7: the counters of several workers, sent as data, add up (histograms bucket by bucket)', () => {
    const workers = [new GatewayMetrics(), new GatewayMetrics()]
    workers[0]!.requestStarted()
    workers[0]!.requestEnded(true, '/a', 200, 0.001, undefined)
    workers[1]!.requestStarted()
    workers[1]!.requestEnded(true, '/a', 200, 0.3, undefined)
    workers[1]!.requestStarted()
    workers[1]!.requestEnded(true, '/b', 502, 0.02, 3101)
    workers[1]!.upstreamEnded('http://u', 0, 'ECONNREFUSED', 0.001, false)
    workers[0]!.rateLimited('/a')
    workers[1]!.rateLimited('/a')
    const sum = new GatewayMetrics()
    for (const worker of workers) sum.add(JSON.parse(JSON.stringify(worker.toData())))
    const parsed = parsePrometheusText(sum.render(BUILD))
    expect(parsed.value('svc_requests_total', { status: '200' })).toBe(2)
    expect(parsed.value('svc_route_request_duration_seconds_count', { route: '/a', status: '200' })).toBe(2)
    expect(parsed.value('svc_route_request_duration_seconds_bucket', { route: '/a', status: '200', le: '0.005' })).toBe(
      1,
    )
    expect(parsed.value('svc_request_duration_seconds_bucket', { le: '0.5' })).toBe(3)
    expect(parsed.value('svc_errors_total', { code: '3101' })).toBe(1)
    expect(parsed.value('svc_upstream_failures_total', { origin: 'http://u', error: 'ECONNREFUSED' })).toBe(1)
    expect(parsed.value('svc_rate_limited_total', { route: '/a' })).toBe(2)
    expect(sum.snapshot().requests).toEqual({ total: 3, inFlight: 0 })
  })
})

const BUILD = { version: '1.2.0', revision: 'abc123' }
