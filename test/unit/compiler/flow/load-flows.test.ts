/** Loading flow files from disk (F-DOC-1 bytes, F-DOC-2 roots, F-DOC-10/11 sub-flow references). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { DiagnosticBag } from '../../../../compiler/diagnostics/diagnostic.js'
import type { SubSource } from '../../../../compiler/diagnostics/source.js'
import { createSourceFile, locAt } from '../../../../compiler/diagnostics/source.js'
import { firstInvalidUtf8 } from '../../../../compiler/flow/decode-bytes.js'
import { closingBrace } from '../../../../compiler/flow/dynamic-value.js'
import { loadFlowsWith } from '../../../../compiler/flow/load-flows.js'
import type { FlowRef } from '../../../../compiler/ir/definition.js'
import { reportLines, stubParseExpression } from './helpers.js'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function site(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'svc-flow-'))
  dirs.push(root)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

function load(root: string, refs: string[]) {
  const bag = new DiagnosticBag()
  const definition = createSourceFile(join(root, 'definition.yaml'), 'x-svc-flow: flows/a.xml\n')
  const flowRefs: FlowRef[] = refs.map((path) => ({
    kind: 'flow-ref',
    loc: locAt(definition, 12),
    path: join(root, path),
  }))
  let parses = 0
  const flows = loadFlowsWith(flowRefs, root, bag, (sub: SubSource, b: DiagnosticBag) => {
    parses++
    return stubParseExpression(sub, b)
  })
  return { flows, lines: reportLines(bag, root), parses: () => parses }
}

describe('loadFlows', () => {
  it('F-DOC-10 follows sub-flows transitively, compiles each file once, allows recursion', () => {
    const root = site({
      'flows/a.xml': '<flow><sub-flow src="lib/b.xml"/><sub-flow src="lib/b.xml"/></flow>',
      'flows/lib/b.xml': '<flow><eval>1</eval><sub-flow src="b.xml"/><sub-flow src="/flows/a.xml"/></flow>',
    })
    const { flows, lines, parses } = load(root, ['flows/a.xml', 'flows/a.xml'])
    expect(lines).toEqual([])
    expect([...flows.keys()]).toEqual([join(root, 'flows/a.xml'), join(root, 'flows/lib/b.xml')])
    expect(flows.get(join(root, 'flows/lib/b.xml'))!.subFlows).toEqual([
      join(root, 'flows/lib/b.xml'),
      join(root, 'flows/a.xml'),
    ])
    expect(parses()).toBe(1)
  })

  it('ACT-sub-flow-1 a missing sub-flow file is a CE at each src; missing definition refs are left to the definition stage', () => {
    const root = site({ 'flows/a.xml': '<flow>\n  <sub-flow src="nope.xml"/>\n</flow>' })
    expect(load(root, ['flows/a.xml', 'flows/missing.xml']).lines).toEqual([
      'flows/a.xml:2:13: error: sub-flow file flows/nope.xml not found',
    ])
  })

  it('F-DOC-2 a svc-test document used as a flow is a CE at the reference (definition or src)', () => {
    const root = site({ 'flows/t.xml': '<svc-test/>', 'flows/a.xml': '<flow>\n  <sub-flow src="t.xml"/>\n</flow>' })
    expect(load(root, ['flows/t.xml', 'flows/a.xml']).lines).toEqual([
      'definition.yaml:1:13: error: flows/t.xml is a svc-test document and cannot be used as a flow',
      'flows/a.xml:2:13: error: flows/t.xml is a svc-test document and cannot be used as a flow',
    ])
  })

  it('F-DOC-1 invalid UTF-8 is a CE at the first invalid byte', () => {
    const root = site({})
    writeFileSync(
      join(root, 'bad.xml'),
      Buffer.from([
        0xef,
        0xbb,
        0xbf,
        ...Buffer.from('<flow>\n <echo>ok \u00e9'),
        0xc3,
        0x28,
        ...Buffer.from('</echo></flow>'),
      ]),
    )
    expect(load(root, ['bad.xml']).lines).toEqual([
      'bad.xml:2:12: error: invalid UTF-8 byte 0xC3; flow files must be UTF-8',
    ])
  })
})

describe('helpers', () => {
  it.each([
    [[0x61, 0x62], 2],
    [[0xc3, 0xa9], 2],
    [[0x61, 0xc3], 1],
    [[0xc0, 0x80], 0],
    [[0xe0, 0x80, 0x80], 0],
    [[0xed, 0xa0, 0x80], 0],
    [[0xf0, 0x9f, 0x98, 0x80, 0xff], 4],
    [[0xf4, 0x90, 0x80, 0x80], 0],
    [[0x80], 0],
  ])('firstInvalidUtf8(%j) = %i', (bytes, want) => {
    expect(firstInvalidUtf8(Uint8Array.from(bytes))).toBe(want)
  })

  it.each([
    ['$a}', 2],
    ["'}'}", 3],
    ['"}"}', 3],
    ["'it''s}'}", 8],
    ['map{1: 2}}', 9],
    ['1 (: } (: } :) :) }', 18],
    ['$a', -1],
    ["'}", -1],
    ['(: }', -1],
  ])('F-EXPR-4 closingBrace(%j) = %i', (text, want) => {
    expect(closingBrace(text, 0)).toBe(want)
  })
})
