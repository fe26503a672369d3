/**
 * The XQueryX printer (xpath-functions.md section 12): printed text parses back to the same tree,
 * keeps the meaning of the original (checked by evaluating both with the plain engine), and uses
 * parentheses only where precedence needs them.
 */
import fx from 'fontoxpath'
import * as slimdom from 'slimdom'
import { describe, expect, it } from 'vitest'

import { parseExpressionText, printXPath, type XqxNode } from '../../../../runtime/index.js'

function parsed(text: string): XqxNode {
  const result = parseExpressionText(text)
  if (!result.ok) throw new Error(`${text}: ${result.reason}`)
  return result.ast
}

/** Expressions covering the XPath 3.1 grammar, with their printed form. */
const PRINTED: [string, string][] = [
  ['$body/json/user/name', '$body/json/user/name'],
  ['a//b', 'a//b'],
  ['//a', '//a'],
  ['/', '(/)'],
  ['/a/b', '/a/b'],
  ['@a', '@a'],
  ['a/@*', 'a/@*'],
  ['..', '..'],
  ['../a', '../a'],
  ['./a', './a'],
  ['a/.', 'a/.'],
  ['*:a', '*:a'],
  ['p:*', 'p:*'],
  ['Q{urn:x}a', 'Q{urn:x}a'],
  ['ancestor::*[1]', 'ancestor::*[1]'],
  ['following-sibling::value[2]', 'following-sibling::value[2]'],
  ['self::node()', 'self::node()'],
  ['descendant-or-self::node()/a', 'descendant-or-self::node()/a'],
  ['text()', 'text()'],
  ['comment()', 'comment()'],
  ['node()', 'node()'],
  ["processing-instruction('x')", 'processing-instruction(x)'],
  ['element(a)', 'element(a)'],
  ['attribute(*)', '@attribute(*)'],
  ['document-node(element(a))', 'document-node(element(a))'],
  ['child::attribute(a)', 'child::attribute(a)'],
  ['a[1][b = 2]', 'a[1][b = 2]'],
  ['$x[1]?a[2]', '$x[1]?a[2]'],
  ['$m?*', '$m?*'],
  ['$m?(1 + 1)', '$m?(1 + 1)'],
  ['?a', '?a'],
  ['?*', '?*'],
  ['(1, 2)[2]', '((1, 2))[2]'],
  ['(1 + 2) * 3', '(1 + 2) * 3'],
  ['1 + 2 * 3', '1 + 2 * 3'],
  ['1 - (2 - 3)', '1 - (2 - 3)'],
  ['1 - 2 - 3', '1 - 2 - 3'],
  ['-(1 + 2)', '-(1 + 2)'],
  ['- -1', '--1'],
  ['+1', '+1'],
  ['1 idiv 2 mod 3 div 4', '1 idiv 2 mod 3 div 4'],
  ['a or b and c', 'a or b and c'],
  ['(a or b) and c', '(a or b) and c'],
  ['1 = 2', '1 = 2'],
  ['(1 = 2) = false()', '(1 = 2) = false()'],
  ['1 != 2', '1 != 2'],
  ['1 < 2', '1 < 2'],
  ['1 <= 2', '1 <= 2'],
  ['1 > 2', '1 > 2'],
  ['1 >= 2', '1 >= 2'],
  ['1 eq 2', '1 eq 2'],
  ['1 ne 2', '1 ne 2'],
  ['1 lt 2', '1 lt 2'],
  ['1 le 2', '1 le 2'],
  ['1 gt 2', '1 gt 2'],
  ['1 ge 2', '1 ge 2'],
  ['$a is $b', '$a is $b'],
  ['$a << $b', '$a << $b'],
  ['$a >> $b', '$a >> $b'],
  ["'a' || 'b' || 'c'", '"a" || "b" || "c"'],
  ['1 to 5', '1 to 5'],
  ['(1 to 5)[2]', '(1 to 5)[2]'],
  ['a | b union c', 'a | b | c'],
  ['a intersect b except c', 'a intersect b except c'],
  ['$x instance of xs:integer+', '$x instance of xs:integer+'],
  ['$x instance of element(a, xs:string)?', '$x instance of element(a, xs:string)?'],
  ['$x instance of array(*)', '$x instance of array(*)'],
  ['$x instance of map(*)', '$x instance of map(*)'],
  ['$x instance of map(xs:string, item())', '$x instance of map(xs:string, item())'],
  ['$x instance of function(*)', '$x instance of function(*)'],
  ['$x instance of function(xs:string) as item()', '$x instance of function(xs:string) as item()'],
  ['$x instance of array(xs:string)', '$x instance of array(xs:string)'],
  ['() instance of empty-sequence()', '() instance of empty-sequence()'],
  ['$x instance of (xs:string)', '$x instance of (xs:string)'],
  ['$x instance of document-node()', '$x instance of document-node()'],
  ['$x treat as item()*', '$x treat as item()*'],
  ['$x castable as xs:integer?', '$x castable as xs:integer?'],
  ['$x cast as xs:date', '$x cast as xs:date'],
  ['$x => count()', '$x => count()'],
  ['$x => $f()', '$x => $f()'],
  ['$x => upper-case() => lower-case()', '$x => upper-case() => lower-case()'],
  ['$x ! string()', '$x ! string()'],
  ['$x ! (a, b)', '$x ! (a, b)'],
  ['for $a in (1, 2), $b in 3 return $a + $b', 'for $a in (1, 2), $b in 3 return $a + $b'],
  ['let $a := 1, $b := 2 return $a + $b', 'let $a := 1, $b := 2 return $a + $b'],
  ['some $x in (1, 2) satisfies $x = 1', 'some $x in (1, 2) satisfies $x = 1'],
  ['every $x in 1 satisfies $x', 'every $x in 1 satisfies $x'],
  ['if (1) then 2 else 3', 'if (1) then 2 else 3'],
  ['(if (1) then 2 else 3) + 1', '(if (1) then 2 else 3) + 1'],
  ['[1, 2]', '[1, 2]'],
  ['array{1, 2}', 'array{(1, 2)}'],
  ['array{}', 'array{}'],
  ['map{"a": 1, "b": (2, 3)}', 'map{"a": 1, "b": (2, 3)}'],
  ['function($a as xs:string) as xs:string { $a }', 'function($a as xs:string) as xs:string { $a }'],
  ['function() {}', 'function() { () }'],
  ['$f(1, ?)', '$f(1, ?)'],
  ['$f(1)(2)', '$f(1)(2)'],
  ['upper-case#1', 'upper-case#1'],
  ['fn:concat("a", "b")', 'fn:concat("a", "b")'],
  [
    'Q{http://www.w3.org/2005/xpath-functions}concat("a", "b")',
    'Q{http://www.w3.org/2005/xpath-functions}concat("a", "b")',
  ],
  ['"it""s"', '"it""s"'],
  ["'x''y'", '"x\'y"'],
  ['\'say "hi"\'', '"say ""hi"""'],
  ['1.5', '1.5'],
  ['1e3', '1e3'],
  ['.5e-2', '.5e-2'],
  ['()', '()'],
  ['(: comment :) 1', '1'],
  ['(1, 2, 3)', '(1, 2, 3)'],
  ['count((1, 2))', 'count((1, 2))'],
  ['- $x/a', '-$x/a'],
  ['(-1)[1]', '(-1)[1]'],
  ['$x/(a, b)', '$x/(a, b)'],
  ['$x/string()', '$x/string()'],
]

/** Constant expressions evaluated before and after printing with the plain engine. */
const CONSTANT = [
  '(1 + 2) * 3',
  '1 - (2 - 3)',
  '-(1 + 2)',
  '2 * -3',
  '(1 to 5)[. mod 2 = 0]',
  'for $a in (1, 2), $b in (10, 20) return $a * $b',
  'let $x := (3, 1, 2) return reverse($x)',
  'some $x in (1, 2, 3) satisfies $x > 2',
  'string-join(for $i in 1 to 3 return string($i), "-")',
  'if (1 = 1) then "yes" else "no"',
  'map{"a": 1, "b": 2}?b',
  'array{1, 2, 3}?2',
  '[1, [2, 3]]?2?1',
  '(1, 2, 3) ! (. * 2)',
  '"a" || "b" || 3',
  '(1, 2) = (2, 3)',
  'count((1, 2) ! (., .))',
  '5 idiv 2 mod 2',
  '(5 idiv 2) mod 2',
  'not(1 = 2) and (1 = 1 or 2 = 3)',
  'function($a) { $a + 1 }(1)',
  'upper-case#1("x")',
  '"abc" => upper-case() => lower-case()',
  '(1, 2, 3)[last()]',
  '1 instance of xs:integer',
  '"5" cast as xs:integer + 1',
  '"x" castable as xs:integer',
]

describe('printer', () => {
  it.each(PRINTED)('prints %s as %s', (source, want) => {
    const printed = printXPath(parsed(source))
    expect(printed).toBe(want)
    // a fixpoint: printing the reparsed text gives the same text
    expect(printXPath(parsed(printed))).toBe(printed)
  })

  it.each(CONSTANT)('keeps the meaning of %s', (source) => {
    const evaluateText = (text: string) =>
      fx.evaluateXPath(text, new slimdom.Document(), null, {}, fx.evaluateXPath.ALL_RESULTS_TYPE)
    expect(evaluateText(printXPath(parsed(source)))).toEqual(evaluateText(source))
  })
})
