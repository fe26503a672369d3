/**
 * The template language beyond the spec's examples, compiled and run in-process: typed output (T-OUT),
 * escaping (T-ESC), commas (T-COM), pairs (T-PAIR), loops over XPath arrays (T-LOOP-1), `??` (T-EXPR-2,
 * T-NULL-1), contexts (T-CTX), variables (T-VAR), whitespace (T-WS) and run-time errors (T-RUN-2).
 */
import { beforeAll, describe, expect, it } from 'vitest'

import {
  type CompiledTemplate,
  Content,
  EMPTY,
  RaisedError,
  renderTemplate,
  type Sequence,
} from '../../../../runtime/index.js'
import { compileTemplates, newContext } from '../../compiler/template/helpers.js'

const DOC =
  '{"a": 1, "s": "x", "z": null, "t": true, "list": [1, 2, 3], "o": {"k": "v"}, "e": [], "n": 4.10, "odd": {"a b": 1, "json-element": 2}}'

const CASES: [string, { template: string; output: string; input?: string }][] = [
  // T-OUT
  ['T-OUT-2 empty sequence', { template: '{{ () }}', output: 'null' }],
  ['T-OUT-3 first item of a sequence', { template: '{{ (3, 4) }}', output: '3' }],
  [
    'T-OUT-4 numbers',
    {
      template: '[{{ 0.1 + 0.2 }}, {{ 1.5e-7 }}, {{ -0e0 }}, {{ 1 div 0e0 * -1 }}, {{ 100000000000000000000 }}]',
      output: '[0.30000000000000004, 1.5e-7, 0, null, 100000000000000000000]',
    },
  ],
  ['T-OUT-5 booleans', { template: '[{{ true() }}, {{ 1 = 2 }}]', output: '[true, false]' }],
  [
    'T-OUT-6 other atomic values as strings',
    { template: '[{{ xs:date("2024-05-01") }}, {{ xs:anyURI("http://x/") }}]', output: '["2024-05-01", "http://x/"]' },
  ],
  ['T-OUT-7 number element keeps its literal (OXN-R7)', { template: '{{ n }}', output: '4.10' }],
  ['T-OUT-7 objects with awkward keys', { template: '{{ odd }}', output: '{"a b":1,"json-element":2}' }],
  [
    'T-OUT-8 map order and arrays',
    {
      template: '{{ map{"b": 1, "10": 2, "a": 3} }} {{ [1, "x", true(), (), [2]] }}',
      output: '{"10":2,"b":1,"a":3} [1,"x",true,null,[2]]',
    },
  ],
  [
    'T-OUT-8 equal keys: the last one',
    { template: '{{ map:merge((map{1: "num"}, map{"1": "str"})) }}', output: '{"1":"str"}' },
  ],
  ['T-OUT-9 function items', { template: '{{ concat#2 }}', output: 'null' }],
  // T-ESC
  [
    'T-ESC-1 escapes',
    {
      input: '{"c": "\\"\\\\\\b\\f\\n\\r\\t\\u0001\\u001F\\u007f/\\u2028ü\\ud800"}',
      template: '{{ c }}',
      output: '"\\"\\\\\\b\\f\\n\\r\\t\\u0001\\u001f\u007f/\u2028ü\\ud800"',
    },
  ],
  [
    'T-ESC-2 literal text unchanged',
    { template: '{"a": "\\u00e9\\n", "b": {{ s }}}', output: '{"a": "\\u00e9\\n", "b": "x"}' },
  ],
  // T-COM
  [
    'T-COM-3 no comma after { [ , :',
    { template: '{ {{,}} "a": 1, {{,}} "b": [ {{,}} 2 ] }', output: '{  "a": 1,  "b": [  2 ] }' },
  ],
  ['T-COM-3 no comma before } ] ,', { template: '[1 {{,}} ] {{,}}, {{,}}}', output: '[1  ] , }' }],
  ['T-COM-3 comma before a value, after whitespace', { template: '[1 {{,}}\n {{ 2 }}]', output: '[1 \n ,2]' }],
  ['T-COM-3 a placeholder takes the pending comma', { template: '[1{{,}}{{ a }}]', output: '[1,1]' }],
  ['T-COM-3 the flag goes off even where no comma is written', { template: '[{{,}}{{ a }} 2]', output: '[1 2]' }],
  ['T-COM-4 pending comma dropped at the end', { template: '1{{,}}', output: '1' }],
  ['T-COM-3 a comma needs a significant character before', { template: '{{,}} 1', output: '1' }],
  [
    'T-COM-2 an iteration writing nothing asks for no comma',
    { template: '[{{loop list}}{{if . > 1}}{{ . }}{{end}}{{end}}]', output: '[2,3]' },
  ],
  [
    'T-COM-2 an iteration writing only whitespace asks for no comma',
    { template: '[{{loop list}} {{end}}"x"]', output: '[   "x"]' },
  ],
  [
    'T-COM-6 nested loops',
    {
      template: '{{$l := list}}[{{loop $l}}[{{loop $l}}{{if . = 1}}{{ . }}{{end}}{{end}}]{{end}}]',
      output: '[[1],[1],[1]]',
    },
  ],
  ['T-COM-2 comments and assignments keep the flag', { template: '[1{{,}}{{// c }}{{$x := 1}} 2]', output: '[1 ,2]' }],
  // T-PAIR
  [
    'T-PAIR-1 map entries',
    { template: '{ {{: map{"b": 1, "a": (), "1": [2]} }} }', output: '{ "1":[2],"b":1,"a":null }' },
  ],
  ['T-PAIR-1 skipped items', { template: '{ {{: (1, "x", [1], /, o/k/text()) }} }', output: '{  }' }],
  ['T-PAIR-1 json-element keys', { template: '{ {{: odd/* }} }', output: '{ "a b":1,"json-element":2 }' }],
  ['T-PAIR-2 array items share the key value', { template: '{ {{: list/value }} }', output: '{ "value":[1,2,3] }' }],
  [
    'T-PAIR-3 pairs then a literal member',
    { template: '{ {{: a | s }}\n  "c": 3 }', output: '{ "a":1,"s":"x"\n  ,"c": 3 }' },
  ],
  [
    'T-PAIR-4 empty producer leaves the flag',
    { template: '{ "x": 1 {{,}} {{: nothing }} "y": 2 }', output: '{ "x": 1   ,"y": 2 }' },
  ],
  // T-LOOP
  [
    'T-LOOP-1 an XPath array: members, empty ones skipped',
    { template: '[{{loop [1, (), "b", map{"m": 1}]}}{{ . }}{{end}}]', output: '[1,"b",{"m":1}]' },
  ],
  [
    'T-LOOP-1 a document stands for its element',
    { template: '[{{loop list/..}}x{{end}}] [{{loop /}}{{ . }}{{end}}]', output: '[] []' },
  ],
  [
    'T-LOOP-1 strings and sequences are not iterated',
    { template: '[{{loop s}}x{{end}}{{loop (1, 2)}}x{{end}}]', output: '[]' },
  ],
  ['T-LOOP-2 the item is the context', { template: '[{{loop list}}{{ . * 2 }}{{end}}]', output: '[2,4,6]' }],
  [
    'T-LOOP-4 the iterated sequence is fixed',
    { template: '{{$l := list}}[{{loop $l}}{{$l := e}}{{ . }}{{end}}]', output: '[1,2,3]' },
  ],
  [
    'T-CTX-4 position in a loop',
    {
      template: '[{{loop list}}{{ count(preceding-sibling::*) + 1 }}{{end}}] {{ position() }} {{ last() }}',
      output: '[1,2,3] 1 1',
    },
  ],
  // T-IF
  [
    'T-IF-2 conditions (XP-EBV-1)',
    {
      template:
        '[{{if z}}1{{end}}, {{if ()}}2{{else}}3{{end}}, {{if ""}}4{{elseif "0"}}5{{end}}, {{if (0, 0)}}6{{end}}, {{if number("x")}}7{{else}}8{{end}}]',
      output: '[1, 3, 5, 6, 8]',
    },
  ],
  ['T-IF-1 later conditions are not evaluated', { template: '{{if true()}}1{{elseif error()}}2{{end}}', output: '1' }],
  // T-WITH
  [
    'T-WITH-1 null values take the else branch',
    {
      template:
        '[{{with z}}1{{else}}2{{end}}, {{with number("x")}}3{{else}}4{{end}}, {{with ""}}"{{.}}"{{else}}6{{end}}, {{with e}}{{ . }}{{end}}]',
      output: '[2, 4, """", []]',
    },
  ],
  [
    'T-WITH-2 first item; context restored after end',
    { template: '{{with list/value}}{{ . }}{{end}} {{ a }}', output: '1 1' },
  ],
  // T-EXPR-2, T-NULL-1
  [
    'T-EXPR-2 first non-null operand',
    {
      template:
        '[{{ z ?? () ?? s }}, {{ missing ?? z }}, {{ "" ?? 1 }}, {{ 0 ?? 1 }}, {{ e ?? 1 }}, {{ (z, 1) ?? 2 }}]',
      output: '["x", null, "", 0, [], 2]',
    },
  ],
  ['T-EXPR-2 operands after the chosen one are not evaluated', { template: '{{ a ?? error() }}', output: '1' }],
  ['T-EXPR-3 ?? inside a string is text', { template: '{{ "a ?? b" }}', output: '"a ?? b"' }],
  // T-VAR
  ['T-VAR-2 the right side sees the old value', { template: '{{$i := 1}}{{$i := $i + 1}}{{ $i }}', output: '2' }],
  [
    'T-VAR-3 assigned in a block, visible after',
    { template: '{{if true()}}{{$v := "in"}}{{end}}{{ $v }}', output: '"in"' },
  ],
  [
    'T-VAR-4 a read before the assignment sees the global',
    { template: '[{{loop list}}{{ $g }}{{$g := .}}{{end}}]', output: '["global",1,2]' },
  ],
  ['T-VAR-1 any value: a map', { template: '{{$m := map{"k": 1}}}{{ $m?k }}', output: '1' }],
  // T-WS
  ['T-WS-2 leading and trailing whitespace removed', { template: ' \n\t {"a": 1}\r\n ', output: '{"a": 1}' }],
  ['T-WS-1 interior whitespace kept', { template: '{\n  "a":\t{{ a }}\n}', output: '{\n  "a":\t1\n}' }],
  // T-CTX-1
  ['T-CTX-1 a document stands for its element', { template: '{{ name(.) }} {{ a }}', output: '"json" 1' }],
]

let compiled: CompiledTemplate[] = []
beforeAll(async () => {
  compiled = await compileTemplates(CASES.map(([, c]) => c.template))
})

function json(text: string): Sequence {
  return [new Content(Buffer.from(text), 'application/json')]
}

describe('template semantics', () => {
  it.each(CASES.map(([name, c], i) => [name, c, i] as const))('%s', (_, c, i) => {
    const ctx = newContext({ g: ['global'] })
    expect(renderTemplate(ctx, compiled[i]!, json(c.input ?? DOC))).toBe(c.output)
  })
})

describe('contexts and inputs (T-CTX-1)', () => {
  it('atomic input, node input, several items, the default main content', async () => {
    const [t] = await compileTemplates(['{{ . }}'])
    const ctx = newContext()
    expect(renderTemplate(ctx, t!, ['a', 'b'])).toBe('"a"')
    expect(renderTemplate(ctx, t!, [7])).toBe('7')
    expect(renderTemplate(ctx, t!, EMPTY)).toBe('null')
    expect(renderTemplate(ctx, t!)).toBe('null')
    ctx.contents.main = json('{"m": 1}')
    expect(renderTemplate(ctx, t!)).toBe('{"m":1}')
  })
})

describe('debug messages', () => {
  it('T-LOOP-1: a loop value that is not an array is a debug message, not an error', async () => {
    const [t] = await compileTemplates(['[{{loop (1, 2)}}x{{end}}, {{loop ()}}y{{end}}]'])
    const ctx = newContext()
    const messages: string[] = []
    ctx.debug = (level, topic, message) => messages.push(`${level} ${topic} ${message}`)
    expect(renderTemplate(ctx, t!, EMPTY)).toBe('[, ]')
    expect(messages).toEqual([
      'debug template flows/order.xml:3:4: template: the loop value is not an array; nothing is iterated',
      'debug template flows/order.xml:3:29: template: the loop value is not an array; nothing is iterated',
    ])
  })
})

describe('run-time errors (T-RUN-2)', () => {
  const CASES: [string, string, string][] = [
    [
      'a map entry of several items (T-OUT-8, SERE0023)',
      '[1, {{ map{"a": (1, 2)} }}]',
      'flows/order.xml:3:7: template: SERE0023: ',
    ],
    [
      'an array member of several items in a loop',
      '{{loop [(1, 2)]}}{{end}}',
      'flows/order.xml:3:3: template: SERE0023: ',
    ],
    ['error()', '{{if true()}}\n  {{ error() }}{{end}}', 'flows/order.xml:4:3: template: FOER0000: '],
    ['an array index out of range in a ?? chain', '{{ () ?? [1](5) }}', 'flows/order.xml:3:3: template: FOAY0001: '],
    [
      'a pair producer over a map of several items',
      '{ {{: map{"a": (1, 2)} }} }',
      'flows/order.xml:3:5: template: SERE0023: ',
    ],
    [
      'a map of several items assigned to a local variable',
      '{{$m := map{"a": (1, 2)}}}',
      'flows/order.xml:3:3: template: SERE0023: ',
    ],
  ]
  it.each(CASES)('%s', async (_, template, info) => {
    const [t] = await compileTemplates([template])
    let error: unknown
    try {
      renderTemplate(newContext(), t!, EMPTY)
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(RaisedError)
    const entry = (error as RaisedError).errorObject.get('info') as string[]
    expect(entry[0]!.startsWith(info), entry[0]).toBe(true)
  })
})
