/**
 * Finding `definition` options in dynamic request templates (upstream.md UP-VAL-1): literal values
 * of `options.definition` (in any branch), values computed at run time, and look-alikes elsewhere in
 * the body that are not options.
 */
import { describe, expect, it } from 'vitest'

import { templateDefinitions } from '../../../../compiler/upstream/template-definitions.js'
import { parse } from '../template/helpers.js'

function find(text: string): { literals: string[]; dynamic: boolean } {
  const { node, lines } = parse(text)
  expect(lines).toEqual([])
  const found = templateDefinitions(node!.body)
  return { literals: found.literals.map((literal) => literal.value), dynamic: found.dynamic }
}

const CASES: [string, string, { literals: string[]; dynamic: boolean }][] = [
  [
    'a literal next to commands',
    '{ "url": {{ $u }}, "options": { "timeout": {{ $t }}, "definition": "up.yaml" } }',
    { literals: ['up.yaml'], dynamic: false },
  ],
  [
    'every requests entry',
    '{ "a": { "url": {{ $u }}, "options": { "definition": "a.yaml" } }, "b": { "options": { "definition": "b.yaml" } } }',
    { literals: ['a.yaml', 'b.yaml'], dynamic: false },
  ],
  [
    'both branches of an if',
    '{ "url": {{ $u }}, "options": { {{if $x}} "definition": "x.yaml" {{else}} "definition": "y.yaml" {{end}} } }',
    { literals: ['x.yaml', 'y.yaml'], dynamic: false },
  ],
  ['a computed value', '{ "url": {{ $u }}, "options": { "definition": {{ $d }} } }', { literals: [], dynamic: true }],
  [
    'a command inside the string',
    '{ "url": {{ $u }}, "options": { "definition": "v{{ $n }}.yaml", "timeout": 3 } }',
    { literals: [], dynamic: true },
  ],
  ['a pair producer in options', '{ "url": {{ $u }}, "options": { {{: $opts }} } }', { literals: [], dynamic: true }],
  [
    'not an option: a body member of that name',
    '{ "url": {{ $u }}, "body": { "value": { "definition": "not-a-file" } }, "options": { "timeout": {{ $t }} } }',
    { literals: [], dynamic: false },
  ],
]

describe('templateDefinitions', () => {
  it.each(CASES)('%s', (_, text, want) => {
    expect(find(text)).toEqual(want)
  })
})
