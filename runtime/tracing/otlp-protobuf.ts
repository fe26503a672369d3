/**
 * The OTLP/protobuf body of a batch of the gateway's finished spans (operations.md TR6): an
 * `ExportTraceServiceRequest`, byte for byte what the official serializer writes for the same spans
 * (test/unit/runtime/tracing/otlp-protobuf.test.ts compares them); the official exporter sends it.
 *
 * Why our own: under the referee's load the official serializer took ~10 µs per request of two spans,
 * a third of what tracing costs a request; this one takes ~2.4 µs. The official one walks every
 * batch twice, once to size the buffer and once to write it, and frames every attribute name anew;
 * this writes a batch once into a buffer that grows, with the framing of each name encoded once, a
 * name's whole KeyValue reused while its value repeats, a span's fixed runs of fields written in
 * one call each (in the running gateway each call costs, not only the bytes), and ids copied from
 * the bytes the tracer drew them from.
 *
 * A batch is written as its spans arrive, 32 at a time: spans held until a batch of 512 was full
 * lived through the young generation's collections, which then took twice as long (docs/decisions.md).
 * One span at a time measured slower than a whole batch at once: between requests the encoder's own
 * code and tables are what has left the CPU's caches, and a chunk keeps them warm.
 */
import { type AttributeValue, type SpanContext, SpanStatusCode } from '@opentelemetry/api'
import type { InstrumentationScope } from '@opentelemetry/core'
import type { Resource } from '@opentelemetry/resources'

import {
  type AttributeSink,
  epochNanosPart,
  epochSeconds,
  type ExportedSpan,
  type IdBytes,
  type SpanOrigin,
} from './span-export.js'

/** Protobuf wire types. */
const VARINT = 0
const FIXED64 = 1
const LENGTH_DELIMITED = 2
const FIXED32 = 5

/** Span flags of OTLP 1.x: the context's trace flags, and whether the parent's remoteness is known and true. */
const FLAGS_HAS_IS_REMOTE = 0x100
const FLAGS_IS_REMOTE = 0x200

/** Bytes a span takes, about: the first size of a batch's buffer. */
const SPAN_BYTES_GUESS = 512
/** The most spans a new batch's first buffer is made for. */
const MAX_SPANS_GUESS = 512

/** The integers OTLP carries as int64 (the official serializer writes others as doubles). */
const MIN_INT64 = -(2 ** 63)
const MAX_INT64 = 2 ** 63

/** Each hex digit's value by its character code (ids are lower-case hex: generated, or checked by the propagator). */
const HEX_DIGITS = new Uint8Array(128)
for (let digit = 0; digit < 16; digit++) {
  HEX_DIGITS[digit.toString(16).charCodeAt(0)] = digit
  HEX_DIGITS[digit.toString(16).toUpperCase().charCodeAt(0)] = digit
}

/** The encoder of one tracer, whose spans all have its origin (resource and scope). */
export class OtlpSpanEncoder {
  readonly #attributeFields = new AttributeFields()
  readonly #frame: BatchFrame

  constructor(origin: SpanOrigin) {
    const resourceField = this.#once((writer) => writeResource(writer, origin.resource))
    const scopeField = this.#once((writer) => writeScope(writer, origin.instrumentationScope))
    this.#frame = {
      resourceField,
      scopeField,
      scopeSchema: this.#schemaField(origin.instrumentationScope.schemaUrl),
      resourceSchema: this.#schemaField(origin.resource.schemaUrl),
      // two tags and two lengths of at most five bytes around the resource and scope fields
      room: 12 + resourceField.length + scopeField.length,
    }
  }

  /** An empty batch, with room for about `expectedSpans` (up to a limit: the buffer grows as needed). */
  startBatch(expectedSpans: number): EncodedSpans {
    const size = this.#frame.room + Math.min(expectedSpans, MAX_SPANS_GUESS) * SPAN_BYTES_GUESS
    return new EncodedSpans(this.#frame, new Writer(size, this.#attributeFields))
  }

  /** The `schema_url` field (3 in ScopeSpans and ResourceSpans), nothing when there is none. */
  #schemaField(url: string | undefined): Buffer {
    return this.#once((writer) => {
      if (url) writer.stringField(3, url)
    })
  }

  #once(write: (writer: Writer) => void): Buffer {
    const writer = new Writer(256, this.#attributeFields)
    write(writer)
    return Buffer.from(writer.finish())
  }
}

/** The fields around a batch's spans, the same in every batch: the resource, the scope, their schema URLs. */
interface BatchFrame {
  readonly resourceField: Buffer
  readonly scopeField: Buffer
  readonly scopeSchema: Buffer
  readonly resourceSchema: Buffer
  /** Bytes kept before the spans for what precedes them (written once the lengths are known). */
  readonly room: number
}

/** Spans encoded this many at a time (why: the module comment). */
const CHUNK_SPANS = 32

/**
 * A batch written as its spans arrive, a chunk at a time, into the body of one ResourceSpans with one
 * ScopeSpans; what precedes the spans is written in front of them when the body is asked for.
 */
export class EncodedSpans {
  size = 0
  /** Spans not written yet. */
  #waiting: ExportedSpan[] = []
  #body: Uint8Array | null = null

  readonly #frame: BatchFrame
  readonly #writer: Writer

  constructor(frame: BatchFrame, writer: Writer) {
    this.#frame = frame
    this.#writer = writer
    writer.skip(frame.room)
  }

  add(span: ExportedSpan): void {
    this.#waiting.push(span)
    this.size++
    if (this.#waiting.length >= CHUNK_SPANS) this.#writeWaiting()
  }

  /** The request body: the ExportTraceServiceRequest of the batch's spans, in order. */
  body(): Uint8Array {
    if (this.#body !== null) return this.#body
    this.#writeWaiting()
    const frame = this.#frame
    const writer = this.#writer
    const spansEnd = writer.position
    writer.bytes(frame.scopeSchema)
    writer.bytes(frame.resourceSchema)
    const scopeLength = frame.scopeField.length + (spansEnd - frame.room) + frame.scopeSchema.length
    const resourceLength =
      frame.resourceField.length + 1 + varintSize(scopeLength) + scopeLength + frame.resourceSchema.length
    const head = new Writer(frame.room, writer.attributeFields)
    head.tag(1, LENGTH_DELIMITED)
    head.varint(resourceLength)
    head.bytes(frame.resourceField)
    head.tag(2, LENGTH_DELIMITED)
    head.varint(scopeLength)
    head.bytes(frame.scopeField)
    this.#body = writer.finishAfter(head.finish(), frame.room)
    return this.#body
  }

  #writeWaiting(): void {
    const writer = this.#writer
    for (const span of this.#waiting) {
      writer.tag(2, LENGTH_DELIMITED)
      const at = writer.begin(2)
      writeSpan(writer, span)
      writer.end(at, 2)
    }
    this.#waiting = []
  }
}

function writeResource(writer: Writer, resource: Resource): void {
  writer.tag(1, LENGTH_DELIMITED)
  const at = writer.begin()
  writer.beginAttributes(1, [])
  for (const [name, value] of Object.entries(resource.attributes)) writer.attribute(name, value)
  writer.tag(2, VARINT)
  writer.varint(0)
  writer.end(at)
}

function writeScope(writer: Writer, scope: InstrumentationScope): void {
  writer.tag(1, LENGTH_DELIMITED)
  const at = writer.begin()
  writer.stringField(1, scope.name)
  if (scope.version) writer.stringField(2, scope.version)
  writer.end(at)
}

function writeSpan(writer: Writer, span: ExportedSpan): void {
  const context = span.context
  const ids = span.idBytes
  writer.idField(1, context.traceId, ids.traceIdBytes)
  writer.idField(2, context.spanId, ids.spanIdBytes)
  const traceState = context.traceState?.serialize()
  if (traceState) writer.stringField(3, traceState)
  const parent = span.parentSpanContext
  if (parent?.spanId) writer.idField(4, parent.spanId, ids.parentIdBytes)
  writer.nameField(span.kind, span.name)
  writer.kindAndTimes(span.kind, span.startMs, span.endMs)
  writer.beginAttributes(9, writer.attributeFields.placesOf(span.kind))
  span.writeAttributes(writer)
  writer.spanTail(span.failed ? SpanStatusCode.ERROR : SpanStatusCode.UNSET, spanFlags(context, parent))
}

function spanFlags(context: SpanContext, parent: SpanContext | undefined): number {
  const flags = (context.traceFlags & 0xff) | FLAGS_HAS_IS_REMOTE
  return parent?.isRemote === true ? flags | FLAGS_IS_REMOTE : flags
}

type Primitive = string | number | boolean

/**
 * What the encoder keeps per attribute name (names come from the gateway's code and the resource, a
 * few dozen), and where they were last found: a span of one kind writes the same names in the same
 * places, request after request, and a name at its place is found by one comparison of constant
 * strings (timed in the gateway, looking each up by name cost ~0.2 µs per request). And per kind of
 * span, its name field: a route's server spans, one after the other, share theirs.
 */
class AttributeFields {
  readonly #byName = new Map<string, AttributeField>()
  /** Per span kind, the field of the name last found at each place of its attribute list. */
  readonly #byKind: AttributeField[][] = []
  readonly #spanNames: RepeatedField[] = []

  /** The fields by place for spans of `kind`. */
  placesOf(kind: number): AttributeField[] {
    return (this.#byKind[kind] ??= [])
  }

  /** The name field of spans of `kind`. */
  spanNameOf(kind: number): RepeatedField {
    return (this.#spanNames[kind] ??= new RepeatedField())
  }

  named(name: string): AttributeField {
    let field = this.#byName.get(name)
    if (field === undefined) {
      const writer = new Writer(name.length * 3 + 8, this)
      writer.stringField(1, name)
      field = new AttributeField(name, new Uint8Array(writer.finish()))
      this.#byName.set(name, field)
    }
    return field
  }
}

/**
 * A field whose value often repeats, and the last value written in it. Once a value comes twice in a
 * row in the same field (a method, a route, a status, an address), the whole field (tag, length and
 * value) is kept and copied while the value stays the same; a value that changes every time (a
 * request id) costs a comparison and keeps nothing.
 */
class RepeatedField {
  #lastField = 0
  #lastValue: Primitive | undefined = undefined
  /** The bytes of the field written for #lastValue, once that came twice in a row in #lastField. */
  #written: Uint8Array | null = null

  /** The field written before for `value` in `field`, when there is one. */
  writtenFor(field: number, value: AttributeValue | undefined): Uint8Array | null {
    const written = this.#written
    if (written === null || field !== this.#lastField) return null
    // compared as strings or as numbers: `===` on values of either kind was a call to V8's generic
    // comparison in profiles of the running gateway
    const last = this.#lastValue
    if (typeof value === 'string') return typeof last === 'string' && value === last ? written : null
    if (typeof value === 'number') return typeof last === 'number' && value === last ? written : null
    return value === last ? written : null
  }

  /** Notes the field just written for `value`, bytes `start` to `end` of `buffer`. */
  wrote(field: number, value: AttributeValue | undefined, buffer: Buffer, start: number, end: number): void {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      this.#lastValue = undefined
      this.#written = null
    } else if (value === this.#lastValue && field === this.#lastField) {
      this.#written = new Uint8Array(buffer.subarray(start, end))
    } else {
      this.#lastField = field
      this.#lastValue = value
      this.#written = null
    }
  }
}

/** What the encoder keeps of one attribute name: its KeyValue's key field, encoded once, and its last value. */
class AttributeField {
  /** The attribute's whole field (in a span's attributes or the resource's) as last written. */
  readonly field = new RepeatedField()

  constructor(
    readonly name: string,
    /** The KeyValue's key field. */
    readonly key: Uint8Array,
  ) {}
}

/** A protobuf writer into a buffer that doubles when full. */
class Writer implements AttributeSink {
  #buffer: Buffer
  #pos = 0
  /** The field the attributes being written go in, their places (see AttributeFields) and the next one. */
  #attributesField = 0
  #places: AttributeField[] = []
  #place = 0

  constructor(
    size: number,
    /** What is kept per attribute name (OtlpSpanEncoder's). */
    readonly attributeFields: AttributeFields,
  ) {
    this.#buffer = Buffer.allocUnsafe(size)
  }

  get position(): number {
    return this.#pos
  }

  finish(): Uint8Array {
    return this.#buffer.subarray(0, this.#pos)
  }

  /** What was written from `from` on, with `head` in front of it (in the bytes kept there with `skip`). */
  finishAfter(head: Uint8Array, from: number): Uint8Array {
    const start = from - head.length
    this.#buffer.set(head, start)
    return this.#buffer.subarray(start, this.#pos)
  }

  /** Leaves `bytes` bytes to be written later (finishAfter). */
  skip(bytes: number): void {
    this.#room(bytes)
    this.#pos += bytes
  }

  tag(field: number, wireType: number): void {
    this.varint((field << 3) | wireType)
  }

  /** A non-negative integer below 2^53. */
  varint(value: number): void {
    this.#room(10)
    const buffer = this.#buffer
    let pos = this.#pos
    while (value > 0x7f) {
      buffer[pos++] = (value % 0x80) | 0x80
      value = Math.floor(value / 0x80)
    }
    buffer[pos++] = value
    this.#pos = pos
  }

  /**
   * An HrTime's seconds and nanoseconds as the fixed64 nanoseconds since the epoch, exactly (seconds *
   * 1e9 passes 2^53), in 8 bytes the caller has made room for.
   */
  #epochNanos(seconds: number, nanos: number): void {
    // seconds = high * 2^16 + low16: each product with 1e9 is below 2^53
    const high = Math.floor(seconds / 0x10000)
    const highNanos = high * 1e9
    const lowNanos = (seconds - high * 0x10000) * 1e9 + nanos
    const low32 = remainder(highNanos, 0x10000) * 0x10000 + remainder(lowNanos, 0x100000000)
    const high32 =
      Math.floor(highNanos / 0x10000) + Math.floor(lowNanos / 0x100000000) + Math.floor(low32 / 0x100000000)
    this.#uint32(remainder(low32, 0x100000000))
    this.#uint32(high32 >>> 0)
  }

  /** Span fields 6 to 8: the kind (OTLP's counts from 1, 0 being "unspecified"), start and end. */
  kindAndTimes(kind: number, startMs: number, endMs: number): void {
    // two tags and the kind of one byte each, a tag and 8 bytes per time
    this.#room(20)
    const buffer = this.#buffer
    buffer[this.#pos++] = (6 << 3) | VARINT
    buffer[this.#pos++] = kind + 1
    // the span's startTime and endTime, without making their HrTime pairs
    buffer[this.#pos++] = (7 << 3) | FIXED64
    this.#epochNanos(epochSeconds(startMs), epochNanosPart(startMs))
    buffer[this.#pos++] = (8 << 3) | FIXED64
    this.#epochNanos(epochSeconds(endMs), epochNanosPart(endMs))
  }

  /**
   * The span fields after the attributes, 16 bytes written at once (call by call they took 0.5 of the
   * 3.8 µs encoding took per request in the gateway): no dropped attributes, events or links (10, 12,
   * 14; no events 11 or links 13), the status with its code (15, a code of 0 to 2) and the flags (16).
   */
  spanTail(statusCode: number, flags: number): void {
    this.#room(16)
    const buffer = this.#buffer
    let pos = this.#pos
    buffer[pos++] = (10 << 3) | VARINT
    buffer[pos++] = 0
    buffer[pos++] = (12 << 3) | VARINT
    buffer[pos++] = 0
    buffer[pos++] = (14 << 3) | VARINT
    buffer[pos++] = 0
    buffer[pos++] = (15 << 3) | LENGTH_DELIMITED
    buffer[pos++] = 2
    buffer[pos++] = (3 << 3) | VARINT
    buffer[pos++] = statusCode
    // the tag of field 16 is past 127: a varint of two bytes
    buffer[pos++] = (((16 << 3) | FIXED32) & 0x7f) | 0x80
    buffer[pos++] = ((16 << 3) | FIXED32) >>> 7
    this.#pos = pos
    this.#uint32(flags)
  }

  /** Four bytes, little-endian. */
  #uint32(value: number): void {
    const buffer = this.#buffer
    const pos = this.#pos
    buffer[pos] = value & 0xff
    buffer[pos + 1] = (value >>> 8) & 0xff
    buffer[pos + 2] = (value >>> 16) & 0xff
    buffer[pos + 3] = value >>> 24
    this.#pos = pos + 4
  }

  /**
   * A 16- or 8-byte id in field 1 to 4: copied from its bytes where the tracer kept them, else decoded
   * from its hex (here: a call to Buffer's hex decoder costs more than the loop, and so does a call of
   * TypedArray#set for the copy). Tag and length are one byte each.
   */
  idField(field: number, hex: string, drawn: IdBytes | null): void {
    const bytes = hex.length >>> 1
    this.#room(2 + bytes)
    const buffer = this.#buffer
    let pos = this.#pos
    buffer[pos++] = (field << 3) | LENGTH_DELIMITED
    buffer[pos++] = bytes
    if (drawn !== null) {
      const from = drawn.bytes
      for (let i = drawn.at, end = drawn.at + bytes; i < end; i++) buffer[pos++] = from[i]!
    } else {
      for (let i = 0; i < hex.length; i += 2) {
        buffer[pos++] = (HEX_DIGITS[hex.charCodeAt(i)]! << 4) | HEX_DIGITS[hex.charCodeAt(i + 1)]!
      }
    }
    this.#pos = pos
  }

  /** Span field 5, the name: copied as written before while the names of a kind of span repeat. */
  nameField(kind: number, name: string): void {
    const repeated = this.attributeFields.spanNameOf(kind)
    const written = repeated.writtenFor(5, name)
    if (written !== null) {
      this.bytes(written)
      return
    }
    const start = this.#pos
    this.stringField(5, name)
    repeated.wrote(5, name, this.#buffer, start, this.#pos)
  }

  stringField(field: number, text: string): void {
    this.tag(field, LENGTH_DELIMITED)
    this.string(text)
  }

  /** Length and UTF-8 bytes; ASCII (nearly every value here) is copied by hand, short strings are cheaper so. */
  string(text: string): void {
    const length = text.length
    this.#room(length + 5)
    const start = this.#pos
    this.varint(length)
    const buffer = this.#buffer
    let pos = this.#pos
    for (let i = 0; i < length; i++) {
      const code = text.charCodeAt(i)
      if (code > 0x7f) {
        this.#pos = start
        this.#utf8(text)
        return
      }
      buffer[pos++] = code
    }
    this.#pos = pos
  }

  #utf8(text: string): void {
    const bytes = Buffer.byteLength(text, 'utf8')
    this.varint(bytes)
    this.#room(bytes)
    this.#pos += this.#buffer.write(text, this.#pos, bytes, 'utf8')
  }

  /** Starts attributes as KeyValues in `field`; `places` as AttributeFields keeps them for a kind of span. */
  beginAttributes(field: number, places: AttributeField[]): void {
    this.#attributesField = field
    this.#places = places
    this.#place = 0
  }

  /** The next attribute (after beginAttributes). */
  attribute(name: string, value: AttributeValue | undefined): void {
    const field = this.#attributesField
    const place = this.#place++
    let known = this.#places[place]
    if (known === undefined || known.name !== name) known = this.#places[place] = this.attributeFields.named(name)
    const written = known.field.writtenFor(field, value)
    if (written !== null) {
      this.bytes(written)
      return
    }
    const start = this.#pos
    this.tag(field, LENGTH_DELIMITED)
    const keyValue = this.begin()
    this.bytes(known.key)
    this.tag(2, LENGTH_DELIMITED)
    const anyValue = this.begin()
    this.#anyValue(value)
    this.end(anyValue)
    this.end(keyValue)
    known.field.wrote(field, value, this.#buffer, start, this.#pos)
  }

  #anyValue(value: AttributeValue | null | undefined): void {
    switch (typeof value) {
      case 'string':
        this.stringField(1, value)
        return
      case 'boolean':
        this.tag(2, VARINT)
        this.varint(value ? 1 : 0)
        return
      case 'number':
        if (Number.isInteger(value) && value >= MIN_INT64 && value < MAX_INT64) {
          this.tag(3, VARINT)
          if (value >= 0) this.varint(value)
          else this.#negativeVarint(value)
        } else {
          this.tag(4, FIXED64)
          this.#room(8)
          this.#buffer.writeDoubleLE(value, this.#pos)
          this.#pos += 8
        }
        return
      case 'object':
        if (Array.isArray(value)) {
          // an ArrayValue: each item an AnyValue (empty for null and undefined)
          this.tag(5, LENGTH_DELIMITED)
          const array = this.begin()
          for (const item of value as readonly (string | number | boolean | null | undefined)[]) {
            this.tag(1, LENGTH_DELIMITED)
            const itemAt = this.begin()
            this.#anyValue(item)
            this.end(itemAt)
          }
          this.end(array)
        }
        return
      default:
      // undefined: an empty AnyValue, as the official serializer writes it
    }
  }

  /** A negative int64 as protobuf writes it: ten bytes of its two's complement. */
  #negativeVarint(value: number): void {
    let bits = BigInt.asUintN(64, BigInt(value))
    this.#room(10)
    while (bits > 0x7fn) {
      this.#buffer[this.#pos++] = Number(bits & 0x7fn) | 0x80
      bits >>= 7n
    }
    this.#buffer[this.#pos++] = Number(bits)
  }

  /** `bytes` as they are (`set`: for the short fields copied here, Buffer#copy's checks cost more than the copy). */
  bytes(bytes: Uint8Array): void {
    this.#room(bytes.length)
    this.#buffer.set(bytes, this.#pos)
    this.#pos += bytes.length
  }

  /** Starts a length-delimited value: `reserve` bytes kept for its length; `end` writes it. */
  begin(reserve = 1): number {
    this.#room(reserve)
    const at = this.#pos
    this.#pos += reserve
    return at
  }

  /** Writes the length of the value started at `at`, moving the value when its length needs other than `reserve` bytes. */
  end(at: number, reserve = 1): void {
    const length = this.#pos - at - reserve
    const size = varintSize(length)
    if (size !== reserve) {
      this.#room(size - reserve)
      this.#buffer.copyWithin(at + size, at + reserve, this.#pos)
      this.#pos += size - reserve
    }
    // the length goes into the bytes kept for it, which are there already
    const buffer = this.#buffer
    let pos = at
    let rest = length
    while (rest > 0x7f) {
      buffer[pos++] = (rest % 0x80) | 0x80
      rest = Math.floor(rest / 0x80)
    }
    buffer[pos] = rest
  }

  #room(bytes: number): void {
    const needed = this.#pos + bytes
    if (needed <= this.#buffer.length) return
    const grown = Buffer.allocUnsafe(Math.max(needed, this.#buffer.length * 2))
    this.#buffer.copy(grown, 0, 0, this.#pos)
    this.#buffer = grown
  }
}

/**
 * `value % divisor` for a non-negative integer below 2^53 and a power of two: exact, and without the
 * call that `%` on numbers this large is (they are not 32-bit integers).
 */
function remainder(value: number, divisor: number): number {
  return value - Math.floor(value / divisor) * divisor
}

function varintSize(value: number): number {
  let size = 1
  while (value > 0x7f) {
    value = Math.floor(value / 0x80)
    size++
  }
  return size
}
