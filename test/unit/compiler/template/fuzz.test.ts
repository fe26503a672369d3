/**
 * Fuzzing the template compiler (issue 3): a few thousand random template strings from a seeded
 * generator never crash or hang parsing or emitting; each either compiles without errors or gives
 * located errors (inside the file). Templates that compile are then run: they write output or fail
 * with a gateway RF (RaisedError), nothing else.
 */
import { describe, expect, it } from 'vitest'

import { DiagnosticBag } from '../../../../compiler/diagnostics/diagnostic.js'
import { EmitContext } from '../../../../compiler/emit/context.js'
import { emitTemplate } from '../../../../compiler/emit/template.js'
import type { TemplateNode } from '../../../../compiler/ir/template.js'
import { parseTemplate } from '../../../../compiler/template/index.js'
import { Content, RaisedError, renderTemplate } from '../../../../runtime/index.js'
import { seededRandom } from '../../../helpers/seeded-random.js'
import { compileTemplates, newContext, SITE, templateSource } from './helpers.js'

const PIECES = [
  '{{',
  '}}',
  '{',
  '}',
  '{{ ',
  ' }}',
  '{{if ',
  '{{elseif ',
  '{{else}}',
  '{{end}}',
  '{{loop ',
  '{{with ',
  '{{$x := ',
  '{{$',
  '{{:',
  '{{.}}',
  '{{,}}',
  '{{// c }}',
  '{{//',
  '??',
  ' ?? ',
  '"',
  "'",
  '(:',
  ':)',
  '(',
  ')',
  '[',
  ']',
  ' ',
  '\n',
  '\t',
  'a',
  'b/c',
  '$x',
  '1',
  '2.5',
  '+',
  ' = ',
  'map{',
  '"k": ',
  'order/items',
  '.',
  ',',
  ':',
  'true()',
  'count(',
  'concat(',
  '*',
  '@n',
  '[1, 2]',
  '"s"',
  'null',
  '{{{',
  '}}}',
  'if',
  'end',
  'xs:date(',
  'error()',
  '[1](3)',
]

function randomTemplate(next: () => number): string {
  const length = Math.floor(next() * 14)
  let text = ''
  for (let i = 0; i < length; i++) text += PIECES[Math.floor(next() * PIECES.length)]
  return text
}

const COUNT = 3000

describe('template compiler fuzzing', () => {
  const next = seededRandom(20240501)
  const templates = Array.from({ length: COUNT }, () => randomTemplate(next))
  const compiled: string[] = []

  it(`${COUNT} random templates compile or give located errors`, () => {
    let failed = 0
    for (const template of templates) {
      const sub = templateSource(template)
      const bag = new DiagnosticBag()
      let node: TemplateNode | undefined
      expect(() => (node = parseTemplate(sub, bag)), JSON.stringify(template)).not.toThrow()
      const errors = bag.sorted().filter((d) => d.severity === 'error')
      if (node === undefined) {
        failed++
        expect(errors.length, JSON.stringify(template)).toBeGreaterThan(0)
        for (const error of errors) {
          expect(error.loc.file).toBe(sub.file)
          expect(error.loc.start).toBeGreaterThanOrEqual(sub.offsets[0]!)
          expect(error.loc.start).toBeLessThanOrEqual(sub.offsets[sub.text.length]!)
        }
      } else {
        expect(errors, JSON.stringify(template)).toEqual([])
        const ctx = new EmitContext({ siteRoot: SITE, flows: new Map() }, 'flows/order.ts')
        expect(() => emitTemplate(node!, ctx, { at: 'flows/order.xml:3:3', action: 'template' })).not.toThrow()
        compiled.push(template)
      }
    }
    // the generator must exercise both outcomes
    expect(failed).toBeGreaterThan(COUNT / 10)
    expect(compiled.length).toBeGreaterThan(COUNT / 10)
  })

  it('the templates that compile run to output or to an RF', async () => {
    const runnable = await compileTemplates(compiled)
    const input = [
      new Content(
        Buffer.from('{"a": 1, "b": {"c": [1, 2]}, "order": {"items": [{"n": 1}]}, "x": "s"}'),
        'application/json',
      ),
    ]
    for (const [i, template] of runnable.entries()) {
      try {
        expect(typeof renderTemplate(newContext({ x: ['global'] }), template, input)).toBe('string')
      } catch (error) {
        expect(error, JSON.stringify(compiled[i])).toBeInstanceOf(RaisedError)
      }
    }
  })
})
