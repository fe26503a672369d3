/**
 * The tracing configuration from the standard OpenTelemetry variables (operations.md TR1). The 3.x SDK
 * reads none of the sampler, propagator and batch variables, and only `sdk-node` reads
 * `OTEL_TRACES_EXPORTER` and `OTEL_SDK_DISABLED`, so the gateway reads them here; the OTLP exporter
 * reads its own endpoint, header, timeout and compression variables. An invalid value stops the start
 * (CF3) like every other variable.
 */
import { ConfigError, type Environment } from '../http/config.js'

export type SamplerName =
  | 'always_on'
  | 'always_off'
  | 'traceidratio'
  | 'parentbased_always_on'
  | 'parentbased_always_off'
  | 'parentbased_traceidratio'

const SAMPLERS: readonly SamplerName[] = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
]

export type OtlpProtocol = 'http/protobuf' | 'http/json'

export interface BatchSettings {
  readonly scheduledDelayMillis: number
  readonly maxQueueSize: number
  readonly maxExportBatchSize: number
  readonly exportTimeoutMillis: number
}

export interface TracingConfig {
  /** Where spans are posted: the traces endpoint as given, or `<base>/v1/traces`. */
  readonly url: string
  readonly protocol: OtlpProtocol
  /** `OTEL_RESOURCE_ATTRIBUTES` as given (W3C baggage syntax, parsed by the OpenTelemetry module). */
  readonly resourceAttributes: string | undefined
  readonly serviceName: string
  readonly sampler: SamplerName
  /** The ratio of the `traceidratio` samplers. */
  readonly ratio: number
  /** W3C trace context (`traceparent`, `tracestate`). */
  readonly traceContext: boolean
  /** W3C `baggage`, carried from the client to upstream calls. */
  readonly baggage: boolean
  readonly batch: BatchSettings
}

/** The configuration when tracing is on (TR1), else null. Throws ConfigError for an invalid value. */
export function readTracingConfig(env: Environment): TracingConfig | null {
  const exporter = readExporter(env)
  const disabled = readFlag(env, 'OTEL_SDK_DISABLED')
  const tracesEndpoint = present(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT')
  const baseEndpoint = present(env, 'OTEL_EXPORTER_OTLP_ENDPOINT')
  const protocol = readProtocol(env)
  const sampler = readSampler(env)
  const ratio = readRatio(env)
  const propagators = readPropagators(env)
  const batch = readBatch(env)
  if (
    disabled ||
    exporter === 'none' ||
    (exporter === null && tracesEndpoint === undefined && baseEndpoint === undefined)
  )
    return null
  return {
    url: tracesEndpoint ?? `${(baseEndpoint ?? 'http://localhost:4318').replace(/\/+$/, '')}/v1/traces`,
    protocol,
    resourceAttributes: present(env, 'OTEL_RESOURCE_ATTRIBUTES'),
    serviceName: present(env, 'OTEL_SERVICE_NAME') ?? 'svc-gateway',
    sampler,
    ratio,
    traceContext: propagators.has('tracecontext'),
    baggage: propagators.has('baggage'),
    batch,
  }
}

/** A variable's value, trimmed; undefined when unset or empty (the OpenTelemetry rule for empty values). */
function present(env: Environment, name: string): string | undefined {
  const value = env[name]?.trim()
  return value === undefined || value === '' ? undefined : value
}

function readExporter(env: Environment): 'otlp' | 'none' | null {
  const value = present(env, 'OTEL_TRACES_EXPORTER')
  if (value === undefined) return null
  const lower = value.toLowerCase()
  if (lower === 'otlp' || lower === 'none') return lower
  throw new ConfigError('OTEL_TRACES_EXPORTER', value, '`otlp` or `none`')
}

function readFlag(env: Environment, name: string): boolean {
  const value = present(env, name)
  if (value === undefined) return false
  const lower = value.toLowerCase()
  if (lower === 'true' || lower === 'false') return lower === 'true'
  throw new ConfigError(name, value, '`true` or `false`')
}

function readProtocol(env: Environment): OtlpProtocol {
  const name = present(env, 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL')
    ? 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'
    : 'OTEL_EXPORTER_OTLP_PROTOCOL'
  const value = present(env, name)
  if (value === undefined || value === 'http/protobuf') return 'http/protobuf'
  if (value === 'http/json') return value
  throw new ConfigError(name, value, '`http/protobuf` or `http/json` (gRPC is not supported)')
}

function readSampler(env: Environment): SamplerName {
  const value = present(env, 'OTEL_TRACES_SAMPLER')
  if (value === undefined) return 'parentbased_always_on'
  const known = SAMPLERS.find((name) => name === value.toLowerCase())
  if (known === undefined) throw new ConfigError('OTEL_TRACES_SAMPLER', value, `one of ${SAMPLERS.join(', ')}`)
  return known
}

function readRatio(env: Environment): number {
  const value = present(env, 'OTEL_TRACES_SAMPLER_ARG')
  if (value === undefined) return 1
  const ratio = /^\d+(?:\.\d+)?$/.test(value) ? Number(value) : NaN
  if (!(ratio >= 0 && ratio <= 1)) throw new ConfigError('OTEL_TRACES_SAMPLER_ARG', value, 'a number from 0 to 1')
  return ratio
}

const PROPAGATORS = new Set(['tracecontext', 'baggage', 'none'])

function readPropagators(env: Environment): ReadonlySet<string> {
  const value = present(env, 'OTEL_PROPAGATORS')
  if (value === undefined) return new Set(['tracecontext'])
  const names = value
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '')
  const unknown = names.find((name) => !PROPAGATORS.has(name))
  if (unknown !== undefined)
    throw new ConfigError('OTEL_PROPAGATORS', value, 'a comma-separated list of tracecontext, baggage, none')
  return new Set(names.includes('none') ? [] : names)
}

function readBatch(env: Environment): BatchSettings {
  const maxQueueSize = readWhole(env, 'OTEL_BSP_MAX_QUEUE_SIZE', 2048, 1)
  return {
    scheduledDelayMillis: readWhole(env, 'OTEL_BSP_SCHEDULE_DELAY', 5000, 0),
    maxQueueSize,
    // the SDK lowers a batch larger than the queue to the queue's size; so does the gateway, quietly
    maxExportBatchSize: Math.min(readWhole(env, 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE', 512, 1), maxQueueSize),
    exportTimeoutMillis: readWhole(env, 'OTEL_BSP_EXPORT_TIMEOUT', 30000, 1),
  }
}

function readWhole(env: Environment, name: string, fallback: number, min: number): number {
  const value = present(env, name)
  if (value === undefined) return fallback
  const number = /^\d+$/.test(value) ? Number(value) : NaN
  if (!(number >= min && number <= 2 ** 31 - 1)) throw new ConfigError(name, value, `a whole number from ${min}`)
  return number
}
