/** How an expression reads its variables (compiler/xpath/variable-uses.ts), from its tree. */
import { describe, expect, it } from 'vitest'

import type { VariableUses } from '../../../../compiler/ir/xpath.js'
import { variableUses } from '../../../../compiler/xpath/variable-uses.js'
import { parseExpressionText } from '../../../../runtime/xpath/index.js'

function usesOf(text: string): VariableUses {
  const parsed = parseExpressionText(text)
  if (!parsed.ok) throw new Error(parsed.reason)
  return variableUses(parsed.ast)
}

const NONE: VariableUses = { steps: [], whole: [], climbs: false, dynamic: false }

const CASES: [string, string, Partial<VariableUses>][] = [
  ['a child step by name reads that child', '$request/headers/x-trace', { steps: ['request/headers'] }],
  ['a variable alone is read whole', '$body', { whole: ['body'] }],
  ['a wildcard step reads the whole value', '$request/*', { whole: ['request'] }],
  ['a predicate on the variable reads the whole value', '$request[post]/headers', { whole: ['request'] }],
  ['a descendant step reads the whole value', '$request//a', { whole: ['request'] }],
  ['a function argument is read whole', 'count($request)', { whole: ['request'] }],
  ['strings and comments name no variable', "concat('$body', '$request') (: $body :)", {}],
  ['variables bound by for are not read', 'for $x in (1, 2) return $x', {}],
  ['the parent axis climbs', '$h/..', { steps: [], whole: ['h'], climbs: true }],
  ['a path from the root climbs', '/json/a', { climbs: true }],
  ['root() climbs', 'root(.)', { climbs: true }],
  [
    'a literal sort() key is read like an expression',
    "sort($a, '$request/post')",
    { whole: ['a'], steps: ['request/post'] },
  ],
  ['an arrow call to sort() too', "$a => sort('$body')", { whole: ['a', 'body'] }],
  ['a computed sort() key may read anything', 'sort($a, $key)', { whole: ['a', 'key'], dynamic: true }],
  ['sort() through a function reference may read anything', "sort#2($a, 'x')", { whole: ['a'], dynamic: true }],
]

describe('variable uses', () => {
  it.each(CASES)('%s', (_, text, want) => {
    const uses = usesOf(text)
    expect({ ...uses, whole: [...uses.whole].sort(), steps: [...uses.steps].sort() }).toEqual({ ...NONE, ...want })
  })
})
