// runtime/metrics: request and upstream counters and the Prometheus text (operations.md HL4).
export { GatewayMetrics, type MetricsSnapshot } from './gateway-metrics.js'
export { DURATION_BUCKETS, Histogram } from './histogram.js'
export { MetricsText, escapeLabelValue } from './prometheus-text.js'
export { originOf, upstreamLineCounter } from './upstream-lines.js'
