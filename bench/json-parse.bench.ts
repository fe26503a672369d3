/**
 * Micro benchmark of the JSON hot path (oxn.md OXN-13, OXN-R): parseJson on 1 KB and 10 KB documents
 * against the JSON.parse baseline, rendering back (OXN-R8), and a member lookup through the lazy OXN
 * tree. Goal: parseJson of 10 KB well under 100 µs. Not part of `npm test`; run with
 *
 *   npx vitest bench --run bench/json-parse.bench.ts
 */
import { test } from 'vitest'

import { childByName, oxnDocument, parseJson, renderJson } from '../runtime/oxn/index.js'

function order(i: number): unknown {
  return {
    id: `ord-${1000 + i}`,
    customer: { name: `Customer ${i} Ünïcode`, email: `c${i}@example.com`, vip: i % 3 === 0 },
    lines: [
      { sku: `K${i}`, qty: (i % 5) + 1, price: 4.1 + i, note: 'fragile "glass"\n' },
      { sku: `B${i}`, qty: 2, price: 12.5, note: null },
    ],
    total: 123.45 + i,
    tags: ['a', 'b', 'c'],
  }
}

function documentOf(bytes: number): string {
  const orders: unknown[] = []
  let text = ''
  for (let i = 0; text.length < bytes; i++) {
    orders.push(order(i))
    text = JSON.stringify({ orders, count: orders.length }, null, 1)
  }
  return text
}

const SMALL = documentOf(1_000)
const LARGE = documentOf(10_000)

test(`parse ${LARGE.length} B`, async ({ bench }) => {
  await bench.compare(
    bench('parseJson', () => {
      parseJson(LARGE)
    }),
    bench('JSON.parse (baseline, loses number literals)', () => {
      JSON.parse(LARGE)
    }),
  )
})

test(`parse ${SMALL.length} B`, async ({ bench }) => {
  await bench.compare(
    bench('parseJson', () => {
      parseJson(SMALL)
    }),
    bench('JSON.parse (baseline)', () => {
      JSON.parse(SMALL)
    }),
  )
})

test(`request path ${LARGE.length} B`, async ({ bench }) => {
  await bench.compare(
    bench('parseJson + $body/json/orders/value[1]/id', () => {
      const document = oxnDocument(parseJson(LARGE))
      const orders = childByName(document.documentElement, 'orders')[0]!
      childByName(orders.childAt(0)!, 'id')
    }),
    bench('parseJson + renderJson (round trip)', () => {
      renderJson(oxnDocument(parseJson(LARGE)))
    }),
  )
})
