/**
 * The export queue of operations.md TR6 (runtime/tracing/span-export.ts): batches of the configured
 * size, one export at a time, drops counted when the queue is full, refused and timed-out exports
 * counted as failures, everything flushed on shutdown; and finished spans as the exporter reads them.
 */
import { SpanKind, SpanStatusCode } from '@opentelemetry/api'
import { ExportResultCode } from '@opentelemetry/core'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { describe, expect, it } from 'vitest'

import type { BatchSettings } from '../../../../runtime/tracing/config.js'
import {
  type BatchExporter,
  type ExportedSpan,
  FinishedSpan,
  putAttribute,
  SpanExport,
  SpanList,
  type SpanOrigin,
} from '../../../../runtime/tracing/span-export.js'

const ORIGIN: SpanOrigin = {
  resource: resourceFromAttributes({ 'service.name': 'test' }),
  instrumentationScope: { name: 'svc-gateway' },
}

function span(name: string, startMs = performance.now(), endMs = startMs + 1, failed = false): FinishedSpan {
  const context = { traceId: '1'.repeat(32), spanId: '2'.repeat(16), traceFlags: 1 }
  return new FinishedSpan(ORIGIN, name, SpanKind.SERVER, context, undefined, startMs, endMs, [], failed)
}

/** An exporter that records each batch and answers when the test says so. */
function heldExporter() {
  const batches: string[][] = []
  const answers: ((code: ExportResultCode) => void)[] = []
  let shutDown = false
  const exporter: BatchExporter<SpanList> = {
    newBatch: () => new SpanList(ORIGIN),
    export(batch, done) {
      batches.push(batch.spans.map((s) => s.name))
      answers.push((code) => done({ code }))
    },
    shutdown: async () => void (shutDown = true),
  }
  return { exporter, batches, answers, shutDown: () => shutDown }
}

function counters() {
  const counts = { dropped: 0, failed: 0 }
  return {
    counts,
    counters: {
      spansDropped: (count: number) => void (counts.dropped += count),
      exportFailed: (count: number) => void (counts.failed += count),
    },
  }
}

const settings = (overrides: Partial<BatchSettings> = {}): BatchSettings => ({
  scheduledDelayMillis: 60_000,
  maxQueueSize: 100,
  maxExportBatchSize: 2,
  exportTimeoutMillis: 60_000,
  ...overrides,
})

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms))

describe('SpanExport', () => {
  it('sends a full batch at once and the next one when the exporter has answered', async () => {
    const held = heldExporter()
    const { counts, counters: c } = counters()
    const queue = new SpanExport(held.exporter, settings(), c)
    for (const name of ['a', 'b', 'c', 'd', 'e']) queue.add(span(name))
    expect(held.batches).toEqual([['a', 'b']])
    held.answers[0]!(ExportResultCode.SUCCESS)
    await tick()
    expect(held.batches).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ])
    held.answers[1]!(ExportResultCode.SUCCESS)
    await tick()
    // 'e' waits for the schedule delay
    expect(held.batches).toHaveLength(2)
    expect(counts).toEqual({ dropped: 0, failed: 0 })
  })

  it('sends what waits after the schedule delay', async () => {
    const held = heldExporter()
    const queue = new SpanExport(held.exporter, settings({ scheduledDelayMillis: 20 }), counters().counters)
    queue.add(span('a'))
    expect(held.batches).toEqual([])
    await tick(60)
    expect(held.batches).toEqual([['a']])
  })

  it('drops and counts spans beyond the queue while an export is out', () => {
    const held = heldExporter()
    const { counts, counters: c } = counters()
    const queue = new SpanExport(held.exporter, settings({ maxQueueSize: 3 }), c)
    for (let i = 0; i < 8; i++) queue.add(span(`s${i}`))
    // two left with the first export, three wait, three were dropped
    expect(held.batches).toEqual([['s0', 's1']])
    expect(counts.dropped).toBe(3)
  })

  it('counts the spans of a refused export and of one that outlasts the export timeout', async () => {
    const held = heldExporter()
    const { counts, counters: c } = counters()
    const queue = new SpanExport(held.exporter, settings({ exportTimeoutMillis: 30 }), c)
    for (const name of ['a', 'b', 'c', 'd']) queue.add(span(name))
    held.answers[0]!(ExportResultCode.FAILED)
    await tick()
    expect(counts.failed).toBe(2)
    // the second export never answers: after the timeout its spans are counted and the queue moves on
    await tick(80)
    expect(counts.failed).toBe(4)
    queue.add(span('e'))
    queue.add(span('f'))
    expect(held.batches.at(-1)).toEqual(['e', 'f'])
    // an answer after the timeout counts nothing twice
    held.answers[1]!(ExportResultCode.FAILED)
    expect(counts.failed).toBe(4)
  })

  it('flushes every waiting span on shutdown, then stops the exporter', async () => {
    const held = heldExporter()
    const queue = new SpanExport(held.exporter, settings(), counters().counters)
    for (const name of ['a', 'b', 'c', 'd', 'e']) queue.add(span(name))
    const stopped = queue.shutdown()
    for (let i = 0; i < 3; i++) {
      await tick()
      held.answers[i]?.(ExportResultCode.SUCCESS)
    }
    await stopped
    expect(held.batches).toEqual([['a', 'b'], ['c', 'd'], ['e']])
    expect(held.shutDown()).toBe(true)
  })
})

describe('attribute lists', () => {
  it('putAttribute replaces a value where it is and adds a new name at the end, as on an object', () => {
    const list = ['http.request.method', 'GET', 'url.path', '/a']
    putAttribute(list, 'url.path', '/b')
    putAttribute(list, 'http.response.status_code', 200)
    expect(list).toEqual(['http.request.method', 'GET', 'url.path', '/b', 'http.response.status_code', 200])
    const start = performance.now()
    const context = { traceId: '1'.repeat(32), spanId: '2'.repeat(16), traceFlags: 1 }
    const finished = new FinishedSpan(ORIGIN, 'GET', SpanKind.SERVER, context, undefined, start, start, list, false)
    expect(Object.entries(finished.attributes)).toEqual([
      ['http.request.method', 'GET'],
      ['url.path', '/b'],
      ['http.response.status_code', 200],
    ])
  })
})

describe('FinishedSpan', () => {
  it('reads as a ReadableSpan: epoch times from performance.now(), status from the outcome', () => {
    const start = performance.now()
    const finished = span('GET /x', start, start + 1500.25, true)
    const [seconds, nanos] = finished.startTime
    expect(Math.abs(seconds * 1000 + nanos / 1e6 - (performance.timeOrigin + start))).toBeLessThan(0.001)
    expect(Number.isInteger(nanos) && nanos >= 0 && nanos < 1e9).toBe(true)
    expect(finished.duration).toEqual([1, 500_250_000])
    expect(finished.status.code).toBe(SpanStatusCode.ERROR)
    expect(span('ok').status.code).toBe(SpanStatusCode.UNSET)
    expect(finished.resource).toBe(ORIGIN.resource)
    expect(finished.instrumentationScope.name).toBe('svc-gateway')
    expect([finished.links, finished.events, finished.droppedAttributesCount]).toEqual([[], [], 0])
  })

  it('is made from a span that writes its attributes itself, with its fields and attributes in order', () => {
    const start = performance.now()
    const context = { traceId: '3'.repeat(32), spanId: '4'.repeat(16), traceFlags: 1 }
    const parent = { traceId: '3'.repeat(32), spanId: '5'.repeat(16), traceFlags: 1, isRemote: true }
    const exported: ExportedSpan = {
      name: 'GET /x',
      kind: SpanKind.SERVER,
      context,
      parentSpanContext: parent,
      startMs: start,
      endMs: start + 2,
      failed: true,
      idBytes: { traceIdBytes: null, spanIdBytes: null, parentIdBytes: null },
      writeAttributes: (sink) => {
        sink.attribute('url.path', '/x')
        sink.attribute('http.response.status_code', 503)
      },
    }
    const finished = FinishedSpan.of(ORIGIN, exported)
    expect(finished.spanContext()).toBe(context)
    expect(finished.parentSpanContext).toBe(parent)
    expect({ name: finished.name, status: finished.status.code, duration: finished.duration }).toEqual({
      name: 'GET /x',
      status: SpanStatusCode.ERROR,
      duration: [0, 2_000_000],
    })
    expect(Object.entries(finished.attributes)).toEqual([
      ['url.path', '/x'],
      ['http.response.status_code', 503],
    ])
    expect(FinishedSpan.of(ORIGIN, finished)).toBe(finished)
  })
})
