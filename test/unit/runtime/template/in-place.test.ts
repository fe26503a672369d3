/**
 * Templates run over JSON text in place (runtime/template/json-loop.ts, issue 22): which templates the
 * compiler lets do so (compiler/emit/in-place.ts), and that such a run writes exactly what the run over
 * the decoded content writes (templates.md T-OUT, T-ESC-1, T-COM, T-LOOP; oxn.md OXN-7, OXN-12, OXN-13),
 * or hands the run back to it (then the content has been decoded).
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { type CompiledTemplate, Content, decodeContent, renderTemplate } from '../../../../runtime/index.js'
import { compileTemplates, newContext } from '../../compiler/template/helpers.js'

const ELIGIBLE: [string, string][] = [
  ['a loop over the input', '[{{loop .}}{"a":{{ id }}}{{end}}]'],
  [
    'a loop over a child path, indented',
    '{\n  "list": [\n    {{loop data/items}}\n    { "a": {{ id }}, "b": {{ x/y }} }\n    {{end}}\n  ]\n}',
  ],
  ['two loops and commas', '[{{loop .}}{{ id }}{{end}}{{,}}{{loop .}}{{ name }}{{end}}]'],
]

const NOT_ELIGIBLE: [string, string][] = [
  ['no loop', '{"a": {{ id }}}'],
  ['a value of the input outside the loop', '{"n": {{ count }}, "l": [{{loop .}}{{ id }}{{end}}]}'],
  ['a condition in the loop', '[{{loop .}}{{if id}}1{{end}}{{end}}]'],
  ['the item itself', '[{{loop .}}{{.}}{{end}}]'],
  ['a ?? chain', '[{{loop .}}{{ id ?? 0 }}{{end}}]'],
  ['a computed value', '[{{loop .}}{{ id + 1 }}{{end}}]'],
  ['a loop over a variable', '[{{loop $list}}{{ id }}{{end}}]'],
  ['a nested loop', '[{{loop .}}[{{loop tags}}{{ name }}{{end}}]{{end}}]'],
  ['an assignment', '{{$x := 1}}[{{loop .}}{{ id }}{{end}}]'],
  ['a predicate on the path', '[{{loop value[1]}}{{ id }}{{end}}]'],
]

describe('which templates run over JSON text in place', () => {
  it.each(ELIGIBLE)('%s', async (_, template) => {
    const [compiled] = await compileTemplates([template])
    expect(compiled!.inPlace).toBe(true)
  })
  it.each(NOT_ELIGIBLE)('not: %s', async (_, template) => {
    const [compiled] = await compileTemplates([template])
    expect(compiled!.inPlace).toBe(false)
  })
})

const MAP_ITEMS = '[{{loop .}}{"id":{{ id }},"name":{{ name }},"city":{{ address/city }},"tags":{{ tags }}}{{end}}]'
const MAP_PATH = '{"out":[{{loop data/users}}{{ id }}{{end}}]}'

/** [case, template, input JSON text, read in place (false: handed back)] */
const RUNS: [string, string, string, boolean][] = [
  [
    'numbers keep their literals (OXN-7)',
    MAP_ITEMS,
    '[{"id":1.50},{"id":-0},{"id":1E+3},{"id":12345678901234567890},{"id":0.0000001}]',
    true,
  ],
  [
    'strings: plain, escaped, surrogates (T-ESC-1)',
    MAP_ITEMS,
    String.raw`[{"name":"Ada"},{"name":"a\"b\\c\/d\u00e9\n\u0001"},{"name":"lone \ud800 x"},{"name":"😀 paired"},{"name":"caf` +
      '\u00e9' +
      String.raw` \u2028"}]`,
    true,
  ],
  [
    'plain strings between escaped ones and after a control character outside strings',
    MAP_ITEMS,
    String.raw`[{"name":"\u0041"},{"name":"b"},` +
      '\n' +
      String.raw`{"name":"tab\there","id":1},{"name":"c"},{"name":"\ud83d\ude00"},{"name":"d"}]`,
    true,
  ],
  ['literals, missing members, nulls', MAP_ITEMS, '[{"id":true},{"id":false},{"id":null},{},{"other":1}]', true],
  [
    'objects and arrays are rendered compact',
    MAP_ITEMS,
    '[{"tags":[ 1 , "x" , {"k" : [ ] } ]},{"tags":{ "a" : 1, "a" : 2 }}]',
    true,
  ],
  [
    'a deeper path',
    MAP_ITEMS,
    '[{"address":{"city":"Oslo","zip":"0150"}},{"address":{"zip":"1"}},{"address":[{"city":"in an array"}]},{"address":"flat"}]',
    true,
  ],
  ['a repeated key: its last value (OXN-12)', MAP_ITEMS, '[{"id":1,"id":2,"name":"a","id":3}]', true],
  ['escaped keys', MAP_ITEMS, String.raw`[{"i\u0064":7,"n\u0061me":"esc"}]`, true],
  ['items that are not objects', MAP_ITEMS, '[1,"x",null,[{"id":1}],[],{}]', true],
  [
    'pretty-printed text with a byte order mark',
    MAP_ITEMS,
    '\ufeff [\n  {\n    "id" : 1 ,\n    "name" : "a"\n  } ,\r\n\t{ "id": 2 }\n]\n',
    true,
  ],
  ['an empty array', MAP_ITEMS, ' [ ] ', true],
  [
    'later items (only the members asked for recorded): repeated and escaped keys, missing members',
    MAP_ITEMS,
    String.raw`[{"id":1,"name":"a","address":{"city":"x"},"tags":[]},{"id":1,"id":2,"n\u0061me":"b","x":0},{},7,{"address":{"city":"y"},"tags":{"t":1},"name":"c\n"},{"id":3,"id":4}]`,
    true,
  ],
  ['an empty first object', MAP_ITEMS, '[{},{"id":1,"name":"a"},{"name":"b","id":2}]', true],
  [
    'a path through objects, other members before and after',
    MAP_PATH,
    '{"a":[1,{"b":2}],"data":{"x":"y","users":[{"id":1},{"id":2}],"z":{"users":3}},"end":true}',
    true,
  ],
  ['a path with an escaped key', MAP_PATH, String.raw`{"d\u0061ta":{"users":[{"id":9}]}}`, true],
  // handed back: the usual run decides
  ['not strict JSON: a trailing comma', MAP_ITEMS, '[{"id":1},]', false],
  ['not strict JSON: after the value', MAP_ITEMS, '[{"id":1}] x', false],
  ['not strict JSON: an unescaped control character', MAP_ITEMS, '[{"name":"a\u0001"}]', false],
  ['not strict JSON: nested too deep (OXN-13)', MAP_ITEMS, `[{"tags":${'['.repeat(511)}${']'.repeat(511)}}]`, false],
  ['the input is not an array', MAP_ITEMS, '{"id":1}', false],
  ['the path selects no array', MAP_PATH, '{"data":{"users":{"id":1}}}', false],
  ['the path selects nothing', MAP_PATH, '{"data":{}}', false],
  ['a repeated key on the path', MAP_PATH, '{"data":{"users":[{"id":1}],"users":[{"id":2}]}}', false],
  ['a repeated path key further out', MAP_PATH, '{"data":{"users":[{"id":1}]},"data":{"users":[]}}', false],
]

const NESTED_511 = `[{"tags":${'['.repeat(510)}${']'.repeat(510)}}]`

describe('a template run over JSON text in place', () => {
  let compiled = new Map<string, CompiledTemplate>()
  beforeAll(async () => {
    const templates = [MAP_ITEMS, MAP_PATH]
    const list = await compileTemplates(templates)
    compiled = new Map(templates.map((template, i) => [template, list[i]!]))
  })

  it.each(RUNS)('%s', (_, template, json, inPlace) => {
    const compiledTemplate = compiled.get(template)!
    expect(compiledTemplate.inPlace).toBe(true)
    const content = new Content(Buffer.from(json), 'application/json')
    const output = renderTemplate(newContext(), compiledTemplate, [content])
    // read in place: nothing was decoded; handed back: the usual run decoded it
    expect(content.decoded === undefined).toBe(inPlace)

    const decoded = new Content(Buffer.from(json), 'application/json')
    decodeContent(decoded)
    expect(output).toBe(renderTemplate(newContext(), compiledTemplate, [decoded]))
  })

  it('reads text nested up to the limit in place (512 levels, OXN-13)', () => {
    const content = new Content(Buffer.from(NESTED_511), 'application/json')
    expect(renderTemplate(newContext(), compiled.get(MAP_ITEMS)!, [content])).toBe(
      `[{"id":null,"name":null,"city":null,"tags":${'['.repeat(510)}${']'.repeat(510)}}]`,
    )
    expect(content.decoded).toBeUndefined()
  })

  it('T-LOOP-1: a loop value that is not an array is reported once, by the usual run', () => {
    const ctx = newContext()
    const messages: string[] = []
    ctx.debug = (level, topic, message) => messages.push(`${level} ${topic} ${message}`)
    const content = new Content(Buffer.from('{"id":1}'), 'application/json')
    expect(renderTemplate(ctx, compiled.get(MAP_ITEMS)!, [content])).toBe('[]')
    expect(messages).toEqual([
      'debug template flows/order.xml:3:4: template: the loop value is not an array; nothing is iterated',
    ])
  })

  it('leaves content of other media types, and content already decoded, to the usual run', () => {
    const text = new Content(Buffer.from('[{"id":1}]'), 'text/plain')
    expect(renderTemplate(newContext(), compiled.get(MAP_ITEMS)!, [text])).toBe('[]')
    expect(text.decoded).toBe('[{"id":1}]')
  })
})
