/**
 * Cost per call of extension functions (xpath-functions.md section 10; issue 6 asks for json-parse,
 * split and replace): the implementation called directly, and a whole compiled expression through the
 * engine tier, which is how flows call them. Not part of `npm test`; run with
 *
 *   npx vitest bench --run bench/functions.bench.ts
 */
import { test } from 'vitest'

import { DiagnosticBag } from '../compiler/diagnostics/diagnostic.js'
import { createSourceFile, subSource } from '../compiler/diagnostics/source.js'
import { parseExpression } from '../compiler/xpath/index.js'
import {
  createLogger,
  EMPTY,
  EngineExpression,
  evaluate,
  FlowContext,
  FUNCTION_IMPLEMENTATIONS,
  FunctionCaches,
  type FunctionCall,
} from '../runtime/index.js'

const ctx = new FlowContext(
  { siteRoot: '.', logger: createLogger(() => {}), env: EMPTY, server: EMPTY, functionCaches: new FunctionCaches('.') },
  'bench',
  new AbortController().signal,
)
const call: FunctionCall = { ctx, scope: undefined, at: 'flows/b.xml:1:1', action: 'eval' }
const implementation = (name: string) => FUNCTION_IMPLEMENTATIONS.get(name)!

const SMALL_JSON = JSON.stringify({
  id: 'ord-1',
  customer: { name: 'Ada', vip: true },
  lines: [{ sku: 'K1', qty: 2, price: 4.1 }],
  total: 8.2,
})
const KB_JSON = JSON.stringify({
  orders: Array.from({ length: 8 }, (_, i) => ({ id: `ord-${i}`, qty: i, price: 1.5 * i, note: 'fragile "glass"' })),
})
const CSV_LINE = 'alpha,beta,gamma,delta,epsilon,zeta,eta,theta'
const DATE = '2024-05-01'
const TEXT = 'The quick brown fox jumps over the lazy dog. '.repeat(4)

function compiled(text: string): EngineExpression {
  const file = createSourceFile('/b/flows/b.xml', text)
  const node = parseExpression(subSource(file, text), new DiagnosticBag())
  if (!node) throw new Error(`does not compile: ${text}`)
  return new EngineExpression({
    source: text,
    at: 'flows/b.xml:1:1',
    action: 'eval',
    text: node.plan.text,
    variables: node.variables,
  })
}

ctx.vars.set('small', [SMALL_JSON])
ctx.vars.set('kb', [KB_JSON])
ctx.vars.set('line', [CSV_LINE])
ctx.vars.set('date', [DATE])
ctx.vars.set('text', [TEXT])

const PARSE = compiled('json-parse($small)')
const PARSE_MEMBER = compiled('json-parse($kb)/orders/value[3]/price * 2')
const SPLIT = compiled("split($line, ',')")
const SPLIT_WS = compiled('split($text)[5]')
const REPLACE = compiled("replace($date, '(\\d+)-(\\d+)-(\\d+)', '$3.$2.$1')")
const REPLACE_TEXT = compiled("replace($text, 'o', '0')")

test(`json-parse (${SMALL_JSON.length} B and ${KB_JSON.length} B)`, async ({ bench }) => {
  await bench.compare(
    bench('implementation, small', () => void implementation('json-parse')(call, SMALL_JSON)),
    bench('implementation, ~1 KB', () => void implementation('json-parse')(call, KB_JSON)),
    bench('expression json-parse($small)', () => void evaluate(ctx, PARSE)),
    bench('expression json-parse($kb)/orders/value[3]/price * 2', () => void evaluate(ctx, PARSE_MEMBER)),
  )
})

test('split', async ({ bench }) => {
  await bench.compare(
    bench('implementation, 8 fields by pattern', () => void implementation('split')(call, CSV_LINE, ',')),
    bench('implementation, 36 words by whitespace', () => void implementation('split')(call, TEXT)),
    bench("expression split($line, ',')", () => void evaluate(ctx, SPLIT)),
    bench('expression split($text)[5]', () => void evaluate(ctx, SPLIT_WS)),
  )
})

test('replace', async ({ bench }) => {
  await bench.compare(
    bench(
      'implementation, groups',
      () => void implementation('replace')(call, DATE, '(\\d+)-(\\d+)-(\\d+)', '$3.$2.$1'),
    ),
    bench('implementation, 180 characters', () => void implementation('replace')(call, TEXT, 'o', '0')),
    bench('expression replace($date, …, $3.$2.$1)', () => void evaluate(ctx, REPLACE)),
    bench("expression replace($text, 'o', '0')", () => void evaluate(ctx, REPLACE_TEXT)),
  )
})
