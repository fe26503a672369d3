/**
 * The internal XQuery library module the rewrite calls (xpath-functions.md section 12), in the
 * namespace `urn:svc-gateway:internal` (prefix `svcx`). Functions written in XQuery keep the engine's
 * types where they matter (integer arithmetic, dates and durations, XP-AR-2) and see attribute nodes,
 * which JavaScript functions cannot take in sequences; the JavaScript helpers (`svcj:`) do the
 * gateway-specific conversions (XP-CMP-2, XP-CONV-2).
 */
import { INTERNAL_JS_NS, INTERNAL_NS } from '../namespaces.js'
import { TYPED_KEY } from './values.js'

const comparison = (name: string, op: string): string => `
declare %public function svcx:${name}($a as item()*, $b as item()*) as xs:boolean {
  svcj:compare('${op}', array { $a }, array { $b })
};`

export const INTERNAL_MODULE = `module namespace svcx = "${INTERNAL_NS}";
declare namespace svcj = "${INTERNAL_JS_NS}";
${comparison('eq', '=')}
${comparison('ne', '!=')}
${comparison('lt', '<')}
${comparison('le', '<=')}
${comparison('gt', '>')}
${comparison('ge', '>=')}

(: XP-AR-2: the first item as an arithmetic operand :)
declare %public function svcx:num($e as item()*) as xs:anyAtomicType? {
  let $i := head($e)
  return
    if (empty($i) or $i instance of xs:numeric) then $i
    else if ($i instance of node() or $i instance of xs:string or $i instance of xs:untypedAtomic
      or $i instance of xs:boolean or $i instance of xs:anyURI) then svcj:number($i)
    else if ($i instance of array(*)) then svcx:num(if (array:size($i) eq 0) then () else $i(1))
    else if (not($i instance of xs:anyAtomicType)) then
      error(QName('http://www.w3.org/2005/xqt-errors', 'err:XPTY0004'), 'a map or function item cannot be used in arithmetic')
    else $i
};

(: XP-AR-3: division by zero gives INF, -INF or NaN for every numeric type :)
declare %public function svcx:div($a as item()*, $b as item()*) as xs:anyAtomicType? {
  let $x := svcx:num($a), $y := svcx:num($b)
  return
    if ($x instance of xs:numeric and $y instance of xs:numeric and $y eq 0) then xs:double($x) div xs:double($y)
    else $x div $y
};

declare %public function svcx:idiv($a as item()*, $b as item()*) as xs:anyAtomicType? {
  let $x := svcx:num($a), $y := svcx:num($b)
  return
    if ($x instance of xs:numeric and $y instance of xs:numeric
      and ($y eq 0 or $x ne $x or $y ne $y or $x eq xs:double('INF') or $x eq xs:double('-INF'))) then xs:double('NaN')
    else $x idiv $y
};

declare %public function svcx:mod($a as item()*, $b as item()*) as xs:anyAtomicType? {
  let $x := svcx:num($a), $y := svcx:num($b)
  return
    if ($x instance of xs:numeric and $y instance of xs:numeric and $y eq 0) then xs:double('NaN')
    else $x mod $y
};

(: XP-PATH-1/2: the nodes of a sequence; the root of the context item when it is a node :)
declare %public function svcx:nodes($e as item()*) as node()* {
  $e[. instance of node()]
};

declare %public function svcx:root($e as item()*) as node()? {
  let $i := head($e)
  return if ($i instance of node()) then root($i) else ()
};

(: typed atomic results keep their type name and string value on the way to JavaScript :)
declare %public function svcx:result($r as item()*) as item()* {
  for $i in $r
  return
    if ($i instance of node() or not($i instance of xs:anyAtomicType) or $i instance of xs:string
      or $i instance of xs:numeric or $i instance of xs:boolean or $i instance of xs:untypedAtomic
      or $i instance of xs:anyURI) then $i
    else map { '${TYPED_KEY}': svcx:type-name($i), 'string': string($i), 'value': $i }
};

declare function svcx:type-name($i as xs:anyAtomicType) as xs:string {
  if ($i instance of xs:dateTime) then 'xs:dateTime'
  else if ($i instance of xs:date) then 'xs:date'
  else if ($i instance of xs:time) then 'xs:time'
  else if ($i instance of xs:dayTimeDuration) then 'xs:dayTimeDuration'
  else if ($i instance of xs:yearMonthDuration) then 'xs:yearMonthDuration'
  else if ($i instance of xs:duration) then 'xs:duration'
  else if ($i instance of xs:gYearMonth) then 'xs:gYearMonth'
  else if ($i instance of xs:gYear) then 'xs:gYear'
  else if ($i instance of xs:gMonthDay) then 'xs:gMonthDay'
  else if ($i instance of xs:gMonth) then 'xs:gMonth'
  else if ($i instance of xs:gDay) then 'xs:gDay'
  else if ($i instance of xs:QName) then 'xs:QName'
  else if ($i instance of xs:hexBinary) then 'xs:hexBinary'
  else if ($i instance of xs:base64Binary) then 'xs:base64Binary'
  else 'xs:anyAtomicType'
};
`
