/**
 * An OTLP/HTTP trace receiver for the tests (docs/spec/operations.md TR1-TR8): it accepts
 * `POST /v1/traces` as `application/json` or `application/x-protobuf` and keeps every span, in one
 * shape for both encodings. The protobuf side is a small reader of the wire format with the field
 * numbers of `opentelemetry/proto/trace/v1/trace.proto`: the 0.301 OpenTelemetry packages write
 * export requests but read only the collector's answer (with an internal reader they do not export),
 * and a reader written apart from the writer checks the gateway's output independently of it.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'

export type AttributeValue = string | number | boolean

export interface ReceivedSpan {
  readonly traceId: string
  readonly spanId: string
  /** '' for a root span. */
  readonly parentSpanId: string
  readonly name: string
  /** 1 internal, 2 server, 3 client (SpanKind of the proto). */
  readonly kind: number
  readonly attributes: Readonly<Record<string, AttributeValue>>
  /** 0 unset, 1 ok, 2 error. */
  readonly statusCode: number
  /** Start and end in milliseconds since the epoch (from the nanoseconds sent). */
  readonly startMs: number
  readonly endMs: number
  readonly resource: Readonly<Record<string, AttributeValue>>
  /** The instrumentation scope's name. */
  readonly scope: string
}

export interface OtlpReceiver {
  readonly url: string
  readonly spans: ReceivedSpan[]
  /** The content types of the posts received. */
  readonly contentTypes: string[]
  /** The header fields of the posts received. */
  readonly headers: IncomingHttpHeaders[]
  /** The next posts are answered with these statuses (and `Retry-After: 0`), their spans not kept. */
  refuseNext(statuses: readonly number[]): void
  /** Waits until `predicate` holds for the spans received (10 s at most). */
  waitFor(predicate: (spans: readonly ReceivedSpan[]) => boolean): Promise<void>
  close(): Promise<void>
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = []
  const contentTypes: string[] = []
  const headers: IncomingHttpHeaders[] = []
  const refusals: number[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const received = Buffer.concat(chunks)
      const body = req.headers['content-encoding'] === 'gzip' ? gunzipSync(received) : received
      const type = req.headers['content-type'] ?? ''
      contentTypes.push(type)
      headers.push(req.headers)
      if (req.url !== '/v1/traces') {
        res.writeHead(404).end()
        return
      }
      const refusal = refusals.shift()
      if (refusal !== undefined) {
        res.writeHead(refusal, { 'retry-after': '0' }).end()
        return
      }
      spans.push(...(type.startsWith('application/json') ? fromJson(body) : fromProtobuf(body)))
      res.writeHead(200, { 'content-type': type.startsWith('application/json') ? 'application/json' : type })
      res.end(type.startsWith('application/json') ? '{}' : Buffer.alloc(0))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    spans,
    contentTypes,
    headers,
    refuseNext: (statuses) => void refusals.push(...statuses),
    async waitFor(predicate) {
      const deadline = Date.now() + 10_000
      while (!predicate(spans)) {
        if (Date.now() > deadline) throw new Error(`spans received: ${JSON.stringify(spans.map((s) => s.name))}`)
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

interface JsonKeyValue {
  key: string
  value: { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number }
}

function fromJson(body: Buffer): ReceivedSpan[] {
  const request = JSON.parse(body.toString('utf8')) as {
    resourceSpans: {
      resource?: { attributes?: JsonKeyValue[] }
      scopeSpans: {
        scope?: { name?: string }
        spans: {
          traceId: string
          spanId: string
          parentSpanId?: string
          name: string
          kind: number
          attributes?: JsonKeyValue[]
          status?: { code?: number }
          startTimeUnixNano: string | number
          endTimeUnixNano: string | number
        }[]
      }[]
    }[]
  }
  const result: ReceivedSpan[] = []
  for (const resourceSpans of request.resourceSpans) {
    const resource = jsonAttributes(resourceSpans.resource?.attributes)
    for (const scope of resourceSpans.scopeSpans)
      for (const span of scope.spans)
        result.push({
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId ?? '',
          name: span.name,
          kind: span.kind,
          attributes: jsonAttributes(span.attributes),
          statusCode: span.status?.code ?? 0,
          startMs: nanosToMs(BigInt(span.startTimeUnixNano)),
          endMs: nanosToMs(BigInt(span.endTimeUnixNano)),
          resource,
          scope: scope.scope?.name ?? '',
        })
  }
  return result
}

function jsonAttributes(list: JsonKeyValue[] | undefined): Record<string, AttributeValue> {
  const attributes: Record<string, AttributeValue> = {}
  for (const { key, value } of list ?? []) {
    if (value.stringValue !== undefined) attributes[key] = value.stringValue
    else if (value.intValue !== undefined) attributes[key] = Number(value.intValue)
    else if (value.boolValue !== undefined) attributes[key] = value.boolValue
    else if (value.doubleValue !== undefined) attributes[key] = value.doubleValue
  }
  return attributes
}

/** One field of a protobuf message: its number and its value (a number, or the bytes of a length-delimited one). */
interface Field {
  readonly number: number
  readonly value: number | Buffer
}

function fields(bytes: Buffer): Field[] {
  const result: Field[] = []
  let at = 0
  const varint = (): number => {
    let value = 0
    let scale = 1
    for (;;) {
      const byte = bytes[at++]!
      value += (byte & 0x7f) * scale
      if (byte < 0x80) return value
      scale *= 128
    }
  }
  while (at < bytes.length) {
    const tag = varint()
    const wire = tag & 7
    const number = Math.floor(tag / 8)
    if (wire === 0) result.push({ number, value: varint() })
    else if (wire === 1) {
      result.push({ number, value: bytes.subarray(at, at + 8) })
      at += 8
    } else if (wire === 2) {
      const length = varint()
      result.push({ number, value: bytes.subarray(at, at + length) })
      at += length
    } else if (wire === 5) {
      result.push({ number, value: bytes.subarray(at, at + 4) })
      at += 4
    } else throw new Error(`unexpected protobuf wire type ${wire}`)
  }
  return result
}

const bytesOf = (list: Field[], number: number): Buffer[] =>
  list.filter((field) => field.number === number).map((field) => field.value as Buffer)

function fromProtobuf(body: Buffer): ReceivedSpan[] {
  const result: ReceivedSpan[] = []
  // ExportTraceServiceRequest: 1 resource_spans
  for (const resourceSpans of bytesOf(fields(body), 1)) {
    const parts = fields(resourceSpans)
    // ResourceSpans: 1 resource (Resource: 1 attributes), 2 scope_spans
    const resourceMessage = bytesOf(parts, 1)[0]
    const resource = resourceMessage === undefined ? {} : protobufAttributes(bytesOf(fields(resourceMessage), 1))
    for (const scopeSpans of bytesOf(parts, 2)) {
      // ScopeSpans: 1 scope (InstrumentationScope: 1 name), 2 spans
      const scopeParts = fields(scopeSpans)
      const scopeMessage = bytesOf(scopeParts, 1)[0]
      const scope = scopeMessage === undefined ? '' : (bytesOf(fields(scopeMessage), 1)[0]?.toString('utf8') ?? '')
      for (const spanBytes of bytesOf(scopeParts, 2)) {
        const span = fields(spanBytes)
        const hex = (number: number) => bytesOf(span, number)[0]?.toString('hex') ?? ''
        const status = bytesOf(span, 15)[0]
        const code = status === undefined ? undefined : fields(status).find((field) => field.number === 3)
        result.push({
          traceId: hex(1),
          spanId: hex(2),
          parentSpanId: hex(4),
          name: bytesOf(span, 5)[0]?.toString('utf8') ?? '',
          kind: (span.find((field) => field.number === 6)?.value as number | undefined) ?? 0,
          attributes: protobufAttributes(bytesOf(span, 9)),
          statusCode: (code?.value as number | undefined) ?? 0,
          // 7 start_time_unix_nano, 8 end_time_unix_nano: fixed64
          startMs: nanosToMs(bytesOf(span, 7)[0]?.readBigUInt64LE(0) ?? 0n),
          endMs: nanosToMs(bytesOf(span, 8)[0]?.readBigUInt64LE(0) ?? 0n),
          resource,
          scope,
        })
      }
    }
  }
  return result
}

/** Nanoseconds since the epoch as milliseconds, to the microsecond. */
function nanosToMs(nanos: bigint): number {
  return Number(nanos / 1000n) / 1000
}

/** KeyValue: 1 key, 2 value (AnyValue: 1 string, 2 bool, 3 int, 4 double). */
function protobufAttributes(list: Buffer[]): Record<string, AttributeValue> {
  const attributes: Record<string, AttributeValue> = {}
  for (const keyValue of list) {
    const parts = fields(keyValue)
    const key = bytesOf(parts, 1)[0]?.toString('utf8') ?? ''
    const value = bytesOf(parts, 2)[0]
    if (value === undefined) continue
    const [field] = fields(value)
    if (field === undefined) continue
    if (field.number === 1) attributes[key] = (field.value as Buffer).toString('utf8')
    else if (field.number === 2) attributes[key] = field.value === 1
    else if (field.number === 3) attributes[key] = field.value as number
    else if (field.number === 4) attributes[key] = (field.value as Buffer).readDoubleLE(0)
  }
  return attributes
}
