/**
 * The internal XQuery library module (prefix `svcq`, xpath-functions.md section 12) for the helpers
 * whose results must keep the engine's types: `idiv` and `mod` (integer results, XP-AR-2, XP-AR-3)
 * and the tagging of typed results (`svcq:result`). The operand conversion itself is the JavaScript
 * helper `svcx:num` (XP-AR-2).
 */
import { INTERNAL_MODULE_NS, INTERNAL_MODULE_PREFIX, INTERNAL_NS } from '../namespaces.js'
import { TYPED_KEY } from './values.js'

export const INTERNAL_MODULE = `module namespace svcq = "${INTERNAL_MODULE_NS}";
declare namespace svcx = "${INTERNAL_NS}";

declare function svcq:operand($e as item()*) as xs:anyAtomicType? {
  let $i := head($e)
  return if (empty($i) or $i instance of xs:numeric) then $i else svcx:num($i)
};

(: XP-AR-3: idiv by zero, of NaN or of an infinite dividend gives NaN :)
declare %public function svcq:idiv($a as item()*, $b as item()*) as xs:anyAtomicType? {
  let $x := svcq:operand($a), $y := svcq:operand($b)
  return
    if ($x instance of xs:numeric and $y instance of xs:numeric
      and ($y eq 0 or $x ne $x or $y ne $y or $x eq xs:double('INF') or $x eq xs:double('-INF'))) then xs:double('NaN')
    else $x idiv $y
};

(: XP-AR-3: mod by zero gives NaN :)
declare %public function svcq:mod($a as item()*, $b as item()*) as xs:anyAtomicType? {
  let $x := svcq:operand($a), $y := svcq:operand($b)
  return
    if ($x instance of xs:numeric and $y instance of xs:numeric and $y eq 0) then xs:double('NaN')
    else $x mod $y
};

(: typed atomic results keep their type name and string value on the way to JavaScript :)
declare %public function svcq:result($r as item()*) as item()* {
  for $i in $r
  return
    if ($i instance of node() or not($i instance of xs:anyAtomicType) or $i instance of xs:string
      or $i instance of xs:numeric or $i instance of xs:boolean or $i instance of xs:untypedAtomic
      or $i instance of xs:anyURI) then $i
    else map { '${TYPED_KEY}': svcq:type-name($i), 'string': string($i), 'value': $i }
};

declare function svcq:type-name($i as xs:anyAtomicType) as xs:string {
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

/** The internal XQuery module, imported under its prefix (only by texts that call it: the import costs time). */
export const MODULE_IMPORTS: Readonly<Record<string, string>> = Object.freeze({
  [INTERNAL_MODULE_PREFIX]: INTERNAL_MODULE_NS,
})
