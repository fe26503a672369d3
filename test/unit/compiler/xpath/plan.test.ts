/**
 * Plans of compiled expressions (xpath-functions.md section 12): which expressions take the fast
 * path, the rewritten engine text (XP-CMP, XP-AR, XP-PATH, XP-STR-1 rewrites), the variables read
 * (XP-VAR-3), `array(` calls (XP-NAME-4), and the code the emitter writes.
 */
import { describe, expect, it } from 'vitest'

import { parseExpressionText } from '../../../../runtime/index.js'
import { rewriteArrayCalls } from '../../../../runtime/xpath/ast/array-call.js'
import { compile, emitModule } from '../../runtime/xpath/helpers.js'

describe('plans', () => {
  const CASES: [string, 'fast' | 'engine', string][] = [
    ['$body/json/user/name', 'fast', '$body[. instance of node()]/json/user/name'],
    ['$request/headers/x-id', 'fast', '$request[. instance of node()]/headers/x-id'],
    ['json/a/b', 'fast', '.[. instance of node()]/json/a/b'],
    ['/json/a', 'fast', '.[. instance of node()]/root()/json/a'],
    [
      '$upstream/stock/status != 200',
      'fast',
      'svcx:ne(array{$upstream[. instance of node()]/stock/status}, array{200})',
    ],
    ['count($x/value) > 0', 'fast', 'count($x[. instance of node()]/value) > 0'],
    ['$a < $b', 'fast', 'svcx:lt(array{$a}, array{$b})'],
    [
      'qty * price',
      'fast',
      'svcx:num((.[. instance of node()]/qty)[1]) * svcx:num((.[. instance of node()]/price)[1])',
    ],
    ['1 + 2', 'fast', '1 + 2'],
    ['$n div 2', 'fast', 'svcx:num($n[1]) div 2'],
    ['$n div $d', 'fast', 'svcx:div($n[1], $d[1])'],
    ['$n idiv 2', 'fast', 'svcq:idiv($n, 2)'],
    ['$n mod $d', 'fast', 'svcq:mod($n, $d)'],
    [
      "xs:date('2024-01-01') + xs:dayTimeDuration('P1D')",
      'engine',
      'svcq:result(xs:date("2024-01-01") + xs:dayTimeDuration("P1D"))',
    ],
    ["concat('a', $x)", 'fast', 'concat("a", $x[1])'],
    ['contains($a/b, "x")', 'fast', 'contains(($a[. instance of node()]/b)[1], "x")'],
    ['not($a) and $b or true()', 'fast', 'not($a) and $b or true()'],
    ['$items/value[2]/@name', 'fast', '$items[. instance of node()]/value[2]/@name'],
    ['$items/value[last()]/..', 'fast', '$items[. instance of node()]/value[last()]/..'],
    [
      "$items/value[sku = 'X1']/price",
      'fast',
      '$items[. instance of node()]/value[svcx:eq(array{sku}, array{"X1"})]/price',
    ],
    ['$x/*', 'fast', '$x[. instance of node()]/*'],
    ['string()', 'fast', 'string(.)'],
    ['-$x', 'fast', '-svcx:num($x[1])'],
    ['tolower($x)', 'engine', 'tolower($x[1])'],
    ['tolower($request/query/name)', 'engine', 'tolower(($request[. instance of node()]/query/name)[1])'],
    ['sum($x/v)', 'engine', 'sum(array{$x[. instance of node()]/v})'],
    ['$x//a', 'engine', '$x[. instance of node()]//a'],
    ['for $i in $x return $i/a', 'engine', 'for $i in $x return $i[. instance of node()]/a'],
    ["$x eq 'a'", 'engine', '$x eq "a"'],
    ['fn:string($x)', 'engine', 'fn:string($x)'],
    ['$x ! a', 'engine', '$x ! .[. instance of node()]/a'],
    ['$x[a]', 'fast', 'svcq:result($x[.[. instance of node()]/a])'],
    ["string-join($x/a, ',')", 'engine', 'string-join($x[. instance of node()]/a, ",")'],
    ['a/string()/b', 'engine', '(.[. instance of node()]/a/string(.))[. instance of node()]/b'],
    ['count($x) = 1', 'fast', 'count($x) = 1'],
    ["'a' = 'b'", 'fast', '"a" = "b"'],
  ]
  it.each(CASES)('%s is %s: %s', (text, tier, engineText) => {
    const node = compile(text)
    expect(node.plan.tier).toBe(tier)
    expect(node.plan.text).toBe(engineText)
    // the rewritten text is valid XPath for the engine
    expect(parseExpressionText(node.plan.text).ok).toBe(true)
  })

  it('lists free variables once, in order', () => {
    expect(compile('$b + $a + $b').variables).toEqual(['b', 'a'])
    expect(compile('for $i in $items return $i + $offset').variables).toEqual(['items', 'offset'])
    expect(compile('let $x := $y return some $z in $x satisfies $z = $w').variables).toEqual(['y', 'w'])
    expect(compile('function($p) { $p + $q }(1)').variables).toEqual(['q'])
    expect(compile('1 + 2').variables).toEqual([])
  })

  it('keeps the source and the location of the first non-whitespace character', () => {
    const node = compile('  $a  ')
    expect(node.source).toBe('  $a  ')
    expect([node.loc.start, node.loc.end]).toEqual([2, 4])
  })
})

describe('XP-NAME-4 array( rewriting', () => {
  const CASES: [string, string][] = [
    ['array($x)', 'svc:array($x)'],
    ['array ( * )', 'svc:array ( * )'],
    ['count(array(*))', 'count(svc:array(*))'],
    ['$x instance of array(*)', '$x instance of array(*)'],
    ['$x treat as array(xs:string)', '$x treat as array(xs:string)'],
    ['$x cast as xs:string', '$x cast as xs:string'],
    ['function($a as array(*)) as array(*) { array($a) }', 'function($a as array(*)) as array(*) { svc:array($a) }'],
    [
      '$x instance of function(array(*)) as item() and array(1)',
      '$x instance of function(array(*)) as item() and svc:array(1)',
    ],
    ['$x instance of array(array(*))', '$x instance of array(array(*))'],
    ["'array(' || array:size([1])", "'array(' || array:size([1])"],
    ['(: array( :) array{1}', '(: array( :) array{1}'],
    ['my-array(1) + $array(1)', 'my-array(1) + $array(1)'],
    ['svc:array(1)', 'svc:array(1)'],
    ['$x/array', '$x/array'],
  ]
  it.each(CASES)('%s -> %s', (text, want) => {
    const rewritten = rewriteArrayCalls(text)
    expect(rewritten.text).toBe(want)
    expect(rewritten.offsets).toHaveLength(want.length + 1)
    // inserted characters share the offset of the `array` they precede; the others keep theirs
    for (let i = 0; i < want.length; i++) {
      if (rewritten.offsets[i] !== rewritten.offsets[i + 1]) expect(text[rewritten.offsets[i]!]).toBe(want[i])
    }
  })
})

describe('emitted code', () => {
  it('writes a fast path as plain JavaScript over runtime helpers', () => {
    const { code, imports } = emitModule(compile('$body/json/user/name'))
    expect(code).toBe(
      'const XPATH_1 = new FastExpression(\n  { source: "$body/json/user/name", at: "flows/t.xml:1:1", action: "eval", text: "$body[. instance of node()]/json/user/name", variables: ["body"] },\n  (ctx, _focus, scope) => xpChild(xpChild(xpChild(xpVar(ctx, scope, "body"), "json"), "user"), "name"),\n)',
    )
    expect(imports).toEqual(["import { FastExpression, xpChild, xpVar } from 'svc-gateway/runtime'"])
  })

  it('hoists predicates as functions of their own', () => {
    const { code } = emitModule(compile("$items/value[sku = 'X1']/price"))
    expect(code).toBe(
      [
        'const XPATH_PREDICATE_1 = xpPredicate((ctx, focus, _scope) => xpCompare("=", xpChild(xpFocus(ctx, focus), "sku"), "X1"))',
        'const XPATH_1 = new FastExpression(\n  { source: "$items/value[sku = \'X1\']/price", at: "flows/t.xml:1:1", action: "eval", text: "$items[. instance of node()]/value[svcx:eq(array{sku}, array{\\"X1\\"})]/price", variables: ["items"] },\n  (ctx, _focus, scope) => xpChild(xpStep(ctx, scope, xpVar(ctx, scope, "items"), "child", "value", XPATH_PREDICATE_1), "price"),\n)',
      ].join('\n'),
    )
  })

  it('writes an engine plan as a constructor call with the rewritten text', () => {
    const { code, imports } = emitModule(compile('tolower($request/query/name)'))
    expect(code).toBe(
      'const XPATH_1 = new EngineExpression({ source: "tolower($request/query/name)", at: "flows/t.xml:1:1", action: "eval", text: "tolower(($request[. instance of node()]/query/name)[1])", variables: ["request"] })',
    )
    expect(imports).toEqual(["import { EngineExpression } from 'svc-gateway/runtime'"])
  })

  it('puts user text into literals only', () => {
    const { code } = emitModule(compile('concat("*/ \u2028 ${x} `", $a)'))
    expect(code).toContain('"*/ \\u2028 ${x} `"')
    expect(code).not.toContain('\u2028')
  })
})
