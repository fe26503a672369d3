/**
 * The YAML and JSON readers (definition.md D6, D8, D9, CC1): values resolved by the YAML 1.2 core
 * schema, positions of keys and values, merge keys, duplicate keys, syntax errors at their place.
 */
import { describe, expect, it } from 'vitest'

import { type DocNode, toPlain } from '../../../../compiler/definition/doc-node.js'
import { readJson } from '../../../../compiler/definition/json-reader.js'
import { readYaml } from '../../../../compiler/definition/yaml-reader.js'
import { createSourceFile, DiagnosticBag, formatDiagnostic, lineColOf } from '../../../../compiler/diagnostics/index.js'

function read(text: string, json = false): { node: DocNode | undefined; diagnostics: string[] } {
  const file = createSourceFile(json ? '/site/d.json' : '/site/d.yaml', text)
  const bag = new DiagnosticBag()
  const node = json ? readJson(file, bag) : readYaml(file, bag)
  return { node, diagnostics: bag.sorted().map((d) => formatDiagnostic(d, { cwd: '/site', frames: false })) }
}

function plain(text: string, json = false): unknown {
  const { node, diagnostics } = read(text, json)
  expect(diagnostics).toEqual([])
  return toPlain(node!)
}

/** `line:col` of every key and value, depth first. */
function positions(node: DocNode): string[] {
  const at = (loc: { file: Parameters<typeof lineColOf>[0]; start: number }) => {
    const { line, column } = lineColOf(loc.file, loc.start)
    return `${line}:${column}`
  }
  if (node.kind === 'scalar') return [`${node.text}@${at(node.loc)}`]
  if (node.kind === 'seq') return node.items.flatMap(positions)
  return node.entries.flatMap((e) => [`${e.key}@${at(e.keyLoc)}`, ...positions(e.value)])
}

describe('YAML reader (core schema, D6)', () => {
  const CASES: [string, unknown][] = [
    ['a: yes', { a: 'yes' }],
    ['a: true', { a: true }],
    ['a: ~', { a: null }],
    ['a:', { a: null }],
    ['a: 0x1F', { a: 31 }],
    ['a: 2.0', { a: 2 }],
    ['a: "2.0"', { a: '2.0' }],
    ["a: '007'", { a: '007' }],
    ['a: 007', { a: 7 }],
    ['a: !!str 12', { a: '12' }],
    ['a: !!int "12"', { a: 12 }],
    ['200: ok', { '200': 'ok' }],
    ['a: [1, b, {c: d}]', { a: [1, 'b', { c: 'd' }] }],
    ['a: |\n  x\n  y\n', { a: 'x\ny\n' }],
    ['"<<": 1', { '<<': 1 }],
  ]
  it.each(CASES)('%j', (text, want) => expect(plain(text)).toEqual(want))

  it('ignores a BOM (D6)', () => expect(plain('\ufeffa: 1')).toEqual({ a: 1 }))

  it('records keys at the key and values at the value (quoted values at the quote)', () => {
    const { node } = read('a:\n  b: "x"\n  c: [1, 2]\nd:\n')
    expect(positions(node!)).toEqual(['a@1:1', 'b@2:3', 'x@2:6', 'c@3:3', '1@3:7', '2@3:10', 'd@4:1', '@4:2'])
  })

  it('expands merge keys, explicit keys winning, earlier sources first (D9)', () => {
    expect(plain('x: &x {a: 1, b: 1}\ny: &y {b: 2, c: 2}\nz:\n  a: 0\n  <<: [*x, *y]\n')).toEqual({
      x: { a: 1, b: 1 },
      y: { b: 2, c: 2 },
      z: { a: 0, b: 1, c: 2 },
    })
  })

  it('points into an alias at the anchor, where the node is written (D9)', () => {
    const { node } = read('a: &n\n  k: v\nb: *n\n')
    expect(positions(node!)).toEqual(['a@1:1', 'k@2:3', 'v@2:6', 'b@3:1', 'k@2:3', 'v@2:6'])
  })

  it.each([
    ['a: 1\na: 2\n', ['d.yaml:2:1: error: duplicate key "a"']],
    ['a:\n  b: 1\n  c: 2\n  b: 3\n', ['d.yaml:4:3: error: duplicate key "b"']],
    ['a: b\n c: d\n', ['d.yaml:2:3: error: bad indentation of a mapping entry']],
    ['a: [1, 2\n', ['d.yaml:2:1: error: deficient indentation']],
    ['a: 1\n---\nb: 2\n', ['d.yaml:3:1: error: the file must contain a single YAML document']],
    ['a: *nope\n', ['d.yaml:1:4: error: unknown alias *nope']],
    ['a: !!foo x\n', ['d.yaml:1:4: error: unsupported tag !!foo']],
    ['a: !!int x\n', ['d.yaml:1:10: error: cannot resolve !!int value "x"']],
    ['<<: 1\n', ['d.yaml:1:5: error: a merge key (<<) takes a mapping or a list of mappings']],
  ])('%j -> %j (D8, CC1)', (text, want) => expect(read(text).diagnostics).toEqual(want))
})

describe('JSON reader (strict, D6)', () => {
  it('reads values with positions', () => {
    const { node } = read('{\n  "a": [1, -2.5e3, true, null],\n  "b": {"c": "\\u00e9\\n"}\n}', true)
    expect(toPlain(node!)).toEqual({ a: [1, -2500, true, null], b: { c: 'é\n' } })
    expect(positions(node!)).toEqual([
      'a@2:3',
      '1@2:9',
      '-2.5e3@2:12',
      'true@2:20',
      'null@2:26',
      'b@3:3',
      'c@3:9',
      'é\n@3:14',
    ])
  })

  it.each([
    ['{"a": 1,}', 'd.json:1:9: error: expected a string key, found character "}"'],
    ['{"a": 1 "b": 2}', 'd.json:1:9: error: expected "," or "}", found character "\\""'],
    ['[1, 2', 'd.json:1:6: error: expected "," or "]", found end of input'],
    ['{"a": 01}', 'd.json:1:8: error: expected "," or "}", found character "1"'],
    ['{"a": tru}', 'd.json:1:7: error: unexpected character "t"'],
    ['// c\n{}', 'd.json:1:1: error: unexpected character "/"'],
    ['{"a": "x\ty"}', 'd.json:1:9: error: control character in string'],
    ['{"a": "\\x"}', 'd.json:1:8: error: invalid escape in string'],
    ['{} {}', 'd.json:1:4: error: unexpected character "{" after the JSON value'],
    ['{"a": 1, "a": 2}', 'd.json:1:10: error: duplicate key "a"'],
  ])('%j (CC1, D8)', (text, want) => expect(read(text, true).diagnostics).toEqual([want]))
})
