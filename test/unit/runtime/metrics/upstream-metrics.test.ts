/**
 * Upstream metrics from the `svc_request` lines (operations.md LG5, HL4): the origin of `url`,
 * status 0 as a failure, `cacheHit`, the duration histogram per origin; other lines pass through.
 */
import { describe, expect, it } from 'vitest'
import { createLogger } from '../../../../runtime/log/logger.js'
import { GatewayMetrics } from '../../../../runtime/metrics/gateway-metrics.js'
import { countUpstreamLines, originOf } from '../../../../runtime/metrics/upstream-lines.js'
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
    const logger = countUpstreamLines(createLogger((line) => lines.push(line)), metrics)
    logger.write('svc_request', { url: 'http://a.test:81/x', status: 200, duration: 0.004, cacheHit: false })
    logger.write('svc_request', { url: 'http://a.test:81/y', status: 200, duration: 0.002, cacheHit: true })
    logger.write('svc_request', { url: 'http://b.test/z', status: 0, duration: 3.2, cacheHit: false, errorName: 'ETIMEDOUT' })
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
