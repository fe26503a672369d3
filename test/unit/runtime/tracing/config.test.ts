/**
 * The tracing configuration from the OTEL_* variables (docs/spec/operations.md TR1): when tracing is
 * on, where spans go, the sampler, propagators and batch settings, and the values that stop the start.
 */
import { describe, expect, it } from 'vitest'

import { ConfigError } from '../../../../runtime/http/config.js'
import { readTracingConfig } from '../../../../runtime/tracing/config.js'

describe('TR1 tracing configuration', () => {
  it('is off without an endpoint or exporter, with OTEL_SDK_DISABLED=true and with OTEL_TRACES_EXPORTER=none', () => {
    expect(readTracingConfig({})).toBeNull()
    expect(readTracingConfig({ OTEL_SERVICE_NAME: 'x', OTEL_TRACES_SAMPLER: 'always_on' })).toBeNull()
    expect(readTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'TRUE' })).toBeNull()
    expect(readTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' })).toBeNull()
    // an empty value counts as unset, as OpenTelemetry says
    expect(readTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBeNull()
  })

  it('sends to <base>/v1/traces, the traces endpoint as given, or localhost with OTEL_TRACES_EXPORTER=otlp', () => {
    expect(readTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318/' })?.url).toBe('http://c:4318/v1/traces')
    expect(
      readTracingConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://base:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://t.example/otlp/spans',
      })?.url,
    ).toBe('https://t.example/otlp/spans')
    expect(readTracingConfig({ OTEL_TRACES_EXPORTER: 'otlp' })?.url).toBe('http://localhost:4318/v1/traces')
  })

  it('defaults: http/protobuf, service svc-gateway, parentbased_always_on, W3C trace context, the SDK batch sizes', () => {
    expect(readTracingConfig({ OTEL_TRACES_EXPORTER: 'otlp' })).toEqual({
      url: 'http://localhost:4318/v1/traces',
      protocol: 'http/protobuf',
      resourceAttributes: undefined,
      serviceName: 'svc-gateway',
      sampler: 'parentbased_always_on',
      ratio: 1,
      traceContext: true,
      baggage: false,
      batch: { scheduledDelayMillis: 5000, maxQueueSize: 2048, maxExportBatchSize: 512, exportTimeoutMillis: 30000 },
    })
  })

  it('reads the protocol, sampler, ratio, propagators, resource and batch variables', () => {
    const config = readTracingConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'orders',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=prod',
      OTEL_TRACES_SAMPLER: 'ParentBased_TraceIdRatio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
      OTEL_PROPAGATORS: 'baggage, tracecontext',
      OTEL_BSP_MAX_QUEUE_SIZE: '100',
      OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '500',
    })
    expect(config).toMatchObject({
      protocol: 'http/json',
      serviceName: 'orders',
      resourceAttributes: 'deployment.environment=prod',
      sampler: 'parentbased_traceidratio',
      ratio: 0.25,
      traceContext: true,
      baggage: true,
      // a batch larger than the queue is lowered to the queue's size, as the SDK does
      batch: { maxQueueSize: 100, maxExportBatchSize: 100 },
    })
    expect(readTracingConfig({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_PROPAGATORS: 'none' })).toMatchObject({
      traceContext: false,
      baggage: false,
    })
  })

  it.each([
    ['OTEL_TRACES_EXPORTER', 'zipkin'],
    ['OTEL_TRACES_EXPORTER', 'otlp,console'],
    ['OTEL_SDK_DISABLED', 'yes'],
    ['OTEL_EXPORTER_OTLP_PROTOCOL', 'grpc'],
    ['OTEL_TRACES_SAMPLER', 'sometimes'],
    ['OTEL_TRACES_SAMPLER_ARG', '1.5'],
    ['OTEL_TRACES_SAMPLER_ARG', '-0.1'],
    ['OTEL_PROPAGATORS', 'tracecontext,b3'],
    ['OTEL_BSP_MAX_QUEUE_SIZE', '0'],
    ['OTEL_BSP_SCHEDULE_DELAY', '1e3'],
  ])('CF3: %s=%s stops the start, naming the variable', (variable, value) => {
    let thrown: unknown
    try {
      readTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', [variable]: value })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ConfigError)
    expect((thrown as ConfigError).variable).toBe(variable)
  })
})
