/**
 * The compile-time proof that a template always writes valid JSON or nothing (compiler/template/
 * always-json.ts; T-CHK-1, T-CHK-2, T-CHK-6): a table of templates with the expected answer, and a
 * soundness check: seeded random templates built from JSON pieces and commands are run on inputs
 * that take every branch and loop count; whenever the proof says yes, every output must parse.
 */
import { describe, expect, it } from 'vitest'

import { alwaysWritesJson } from '../../../../compiler/analysis/always-json.js'
import { Content, parseJson, RaisedError, renderTemplate, template } from '../../../../runtime/index.js'
import { seededRandom } from '../../../helpers/seeded-random.js'
import { compileTemplates, newContext, parse } from '../template/helpers.js'

function proven(template: string): boolean {
  const { node, lines } = parse(template)
  if (!node) throw new Error(`does not compile: ${lines.join('\n')}`)
  return alwaysWritesJson(node.body)
}

describe('alwaysWritesJson', () => {
  it.each([
    ['{"a": {{ x }}, "b": [1, true, null, "s"]}', 'placeholders where values belong'],
    ['{{ x }}', 'a lone placeholder'],
    ['', 'empty output (T-CHK-6)'],
    ['{{// only a comment }}  ', 'nothing but a comment'],
    ['[{{loop items}}{{ . }}{{end}}]', 'T-LOOP-3: the automatic comma between items'],
    [
      '{"list": [{{loop items}}{"n": {{ n }}{{if on}}, "on": true{{end}}}{{end}}], "count": {{ count(items) }}}',
      'loop, if inside, trailing member',
    ],
    ['{"a": 1{{if c}}, "b": 2{{end}}}', 'an optional member'],
    ['{ {{if c}}"a": 1{{end}}{{,}}"b": 2 }', 'T-COM-3: {{,}} after a branch that may write nothing'],
    ['{ {{: pairs }} {{,}} "z": 1 }', 'T-PAIR: pairs then a member'],
    ['{"v": {{with w}}{{ . }}{{else}}null{{end}}}', 'with/else both write one value'],
    ['[{{loop items}}[{{loop items}}{{ . }}{{end}}]{{end}}]', 'nested loops'],
    ['{"a": {{ x ?? "d" }}}', 'a ?? chain is one value'],
    ['{"s": "a\\"b\\u0041"}', 'escapes in literal strings'],
  ])('yes: %s (%s)', (template) => {
    expect(proven(template)).toBe(true)
  })

  it.each([
    ['{"label": "Hi {{ x }}"}', 'T-EX-8: a placeholder inside a string literal'],
    ['{ {{ k }}: 1 }', 'a placeholder where a member name belongs'],
    ['{"a": {{loop items}}{{ . }}{{end}}}', 'a loop in a value position writes zero or several values'],
    ['{"a": 1{{if c}}"b": 2{{end}}}', 'a member without its comma'],
    ['[{{ a }} {{ b }}]', 'two values with nothing between them'],
    ['{{if c}}1{{end}}{{if d}}2{{end}}', 'two optional top-level values may both be written'],
    ['[{{loop items}}[{{end}}]', 'a loop that opens without closing'],
    ['{"a": 1', 'an unclosed object'],
    ['[1, 2,]', 'a trailing comma in literal text'],
    ['{"a": tru}', 'text that is not a JSON token'],
  ])('no: %s (%s)', (template) => {
    expect(proven(template)).toBe(false)
  })
})

describe('alwaysWritesJson is sound', () => {
  /**
   * Templates shaped like JSON: values, members and items, made optional, repeated or chosen by
   * `if`, `with`, `loop`, pairs and `{{,}}`, with separators that are sometimes left out; then a
   * few random edits, so that near misses are generated as well.
   */
  function randomTemplate(next: () => number): string {
    const pick = <T>(choices: readonly T[]): T => choices[Math.floor(next() * choices.length)]!
    const separator = () => pick([', ', ', ', '{{,}}', ''])
    const value = (depth: number): string => {
      const scalars = ['1', '"s"', '{{ v }}', '{{.}}', '{{ v ?? 0 }}', 'null']
      if (depth > 2) return pick(scalars)
      switch (Math.floor(next() * 5)) {
        case 0:
          return '{' + list(depth, () => `"k": ${value(depth + 1)}`, ['{{: pairs }}']) + '}'
        case 1:
          return '[' + list(depth, () => value(depth + 1), []) + ']'
        case 2:
        case 3: {
          // mostly with an `{{else}}`; without one, nothing may be written where a value belongs
          const otherwise = next() < 0.8 ? `{{else}}${value(depth + 1)}` : ''
          return `${pick(['{{if c}}', '{{with w}}'])}${value(depth + 1)}${otherwise}{{end}}`
        }
        default:
          return pick(scalars)
      }
    }
    const list = (depth: number, entry: () => string, extra: readonly string[]): string => {
      const parts: string[] = []
      for (let i = Math.floor(next() * 4); i > 0; i--) {
        const kind = Math.floor(next() * 4)
        if (kind === 0) parts.push(`{{loop items}}${entry()}{{end}}`)
        else if (kind === 1) parts.push(`{{if c}}${entry()}{{end}}`)
        else if (kind === 2 && extra.length > 0) parts.push(pick(extra))
        else parts.push(entry())
      }
      return parts.map((part, i) => (i === 0 ? part : separator() + part)).join('')
    }
    let text = value(0)
    const edits = ['{', '}', '[', ']', ',', '1', '{{,}}', '{{ v }}', '"k": ']
    for (let i = Math.floor(next() * 3) - 1; i > 0; i--) {
      const at = Math.floor(next() * (text.length + 1))
      text = next() < 0.5 ? text.slice(0, at) + pick(edits) + text.slice(at) : text.slice(0, at) + text.slice(at + 1)
    }
    return text
  }

  // inputs that make every `if`/`with` go both ways and loops run 0 to 3 times
  const INPUTS = [
    '{"c": false, "items": [], "v": null}',
    '{"c": true, "items": [1], "v": "x", "w": 2, "pairs": {"p": 1}}',
    '{"c": true, "items": [{"n": 1}, 2], "v": [1], "w": {"a": 1}, "pairs": {"p": 1, "q": [2]}}',
    '{"c": false, "items": [1, 2, 3], "v": {"o": 1}, "w": null, "pairs": {}}',
  ].map((text) => [new Content(Buffer.from(text), 'application/json')])

  it('every output of a proven template is valid JSON or empty', async () => {
    const next = seededRandom(20261123)
    const candidates = new Set<string>()
    while (candidates.size < 3000) candidates.add(randomTemplate(next))
    const templates = [...candidates].filter((template) => parse(template).node !== undefined && proven(template))
    // the generator must give the proof real work (not only its trivial cases) and near misses
    expect(
      templates.filter((template) => template.includes('{{loop') && template.includes('{{if')).length,
    ).toBeGreaterThan(150)
    expect(candidates.size - templates.length).toBeGreaterThan(1000)
    const compiled = await compileTemplates(templates)
    for (const [i, template] of compiled.entries()) {
      expect(template.alwaysJson, templates[i]).toBe(true)
      for (const input of INPUTS) {
        let output: string
        try {
          output = renderTemplate(newContext(), template, input)
        } catch (error) {
          expect(error, templates[i]).toBeInstanceOf(RaisedError)
          continue
        }
        if (output !== '') expect(() => parseJson(output), `${templates[i]} wrote ${output}`).not.toThrow()
      }
    }
  })
})

describe('the template action and the proof (T-CHK-2)', () => {
  it('proven output is stored as application/json and decodes on a later read', async () => {
    const [compiled] = await compileTemplates(['{ "n": 1.50 }'])
    expect(compiled!.alwaysJson).toBe(true)
    const ctx = newContext()
    template(ctx, compiled!, null, { kind: 'main-content' })
    const content = ctx.contents.main![0] as Content
    expect(content.text).toBe('{ "n": 1.50 }')
    expect(content.mediaType).toBe('application/json')
  })

  it('unproven output is still decoded: valid output is application/json, invalid text/plain', async () => {
    const [unproven] = await compileTemplates(['{{if $c}}1{{end}} {{if $d}}2{{end}}'])
    expect(unproven!.alwaysJson).toBe(false)
    for (const [vars, text, mediaType] of [
      [{ c: [true], d: [false] }, '1', 'application/json'],
      [{ c: [true], d: [true] }, '1 2', 'text/plain'],
      [{ c: [false], d: [false] }, '', 'application/json'],
    ] as const) {
      const ctx = newContext(vars)
      template(ctx, unproven!, null, { kind: 'main-content' }, false)
      const content = ctx.contents.main![0] as Content
      expect(content.text).toBe(text)
      expect(content.mediaType).toBe(mediaType)
    }
  })
})
