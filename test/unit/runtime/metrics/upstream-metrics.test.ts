/**
 * Upstream metrics from the `svc_request` lines (operations.md LG5, HL4): the origin of `url`,
 * status 0 as a failure, `cacheHit`, the duration histogram per origin; other lines pass through.
 */
import { describe, expect, it } from 'vitest'

import { createLogger } from '../../../../runtime/log/logger.js'
import { GatewayMetrics } from '../../../../runtime/metrics/gateway-metrics.js'
import { originOf, upstreamLineCounter } from '../../../../runtime/metrics/upstream-lines.js'
import { timeoutFailure } from '../../../../runtime/upstream/failure.js'
import { type ExchangeOutcome, writeRequestLog } from '../../../../runtime/upstream/request-log.js'
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
    const exchange = (url: string, outcome: Partial<ExchangeOutcome> & { readonly ms: number }): void =>
      writeRequestLog(
        logger,
        { requestId: 'r1', url, method: 'GET', id: 'main.0', target: null, attempt: null, span: null },
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
    logger.write('svc_access', { status: 200 })
    expect(lines).toHaveLength(4)
    expect(metrics.snapshot().upstream).toEqual({ total: 3, failed: 1 })
    const parsed = parsePrometheusText(metrics.render())
    expect(parsed.value('svc_upstream_requests_total', { status: '200' })).toBe(2)
    expect(parsed.value('svc_upstream_requests_total', { status: '0' })).toBe(1)
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
    const parsed = parsePrometheusText(metrics.render())
    expect(parsed.value('svc_route_request_duration_seconds_count', { route: '/a"b\\c', status: '200' })).toBe(1)
  })
})
