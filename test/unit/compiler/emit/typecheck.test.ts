/**
 * Generated expression code type-checks against the runtime's public entry (architecture: generated
 * code imports only `svc-gateway/runtime`; style 4: generated code is product surface).
 */
import { describe, expect, it } from 'vitest'

import { EmitContext } from '../../../../compiler/emit/context.js'
import { typecheckModules } from '../../../../compiler/emit/typecheck.js'
import { emitExpression } from '../../../../compiler/emit/xpath.js'
import { compile } from '../../runtime/xpath/helpers.js'

const EXPRESSIONS = [
  '$body/json/user/name',
  "$items/value[sku = 'X1']/price",
  '$items/value[2]/@*',
  '$items/value[last()]/..',
  '/json/a/*',
  'json/items/value[qty > 1][1]',
  '$x[1]',
  '$seq[. > 1]',
  "concat('a', $x, 1)",
  'not($a) and ($b or true())',
  'count($x) + -$y * 2 div 4 idiv 1 mod 3',
  "contains($a, 'b') = starts-with($a, 'c')",
  'string() = number()',
  'boolean(.) != false()',
  'tolower($request/query/name)',
  'for $i in $x return $i',
]

describe('generated code', () => {
  it('type-checks against runtime/index.ts', () => {
    const ctx = new EmitContext({ siteRoot: '/site', flows: new Map() }, 'flows/t.ts')
    const names = EXPRESSIONS.map(
      (text) => emitExpression(compile(text), ctx, { at: 'flows/t.xml:1:1', action: 'eval' }).text,
    )
    const module =
      [...ctx.imports(), ...ctx.constants()].map((c) => c.text).join('\n') +
      `\nexport const ALL = [${names.join(', ')}]\n`
    expect(typecheckModules('/tmp/svc-xpath-typecheck/src', new Map([['flows/t.ts', module]]))).toEqual([])
  }, 60_000)
})
