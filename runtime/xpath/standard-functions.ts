/**
 * Standard functions as the engine implements them (xpath-functions.md XP-STR-2, XP-NAME-2, XC-2,
 * XC-3): whether a function exists with an arity is asked of the engine itself
 * (`function-lookup(QName(ns, name), arity)`); the name lists below only feed suggestions for unknown
 * names and hold the functions fontoxpath 3.34 implements (a unit test checks them against it).
 */
import fx from 'fontoxpath'

import { ARRAY_NS, FN_NS, MAP_NS, MATH_NS } from './namespaces.js'

/** `fn` functions of the engine (without the ones XP-STR-2 lists as missing). */
export const STANDARD_FUNCTION_NAMES: readonly string[] = Object.freeze(
  `abs avg boolean ceiling codepoint-equal codepoints-to-string compare concat contains count current-date
  current-dateTime current-time data dateTime day-from-date day-from-dateTime days-from-duration deep-equal
  distinct-values empty encode-for-uri ends-with error exactly-one exists false filter floor fold-left
  fold-right for-each format-integer function-arity function-lookup function-name generate-id has-children
  head hours-from-dateTime hours-from-duration hours-from-time id idref implicit-timezone index-of innermost
  insert-before iri-to-uri lang last local-name local-name-from-QName lower-case matches max min
  minutes-from-dateTime minutes-from-duration minutes-from-time month-from-date month-from-dateTime
  months-from-duration name namespace-uri namespace-uri-from-QName node-name normalize-space not number
  one-or-more outermost parse-json path position prefix-from-QName QName random-number-generator remove
  replace reverse root round round-half-to-even seconds-from-dateTime seconds-from-duration seconds-from-time
  serialize starts-with string string-join string-length string-to-codepoints subsequence substring
  substring-after substring-before sum tail timezone-from-date timezone-from-dateTime timezone-from-time
  tokenize trace translate true unordered upper-case year-from-date year-from-dateTime years-from-duration
  zero-or-one`
    .split(/\s+/)
    .filter((name) => name !== ''),
)

/** Functions of the `math:`, `map:` and `array:` libraries the engine implements, prefixed. */
export const LIBRARY_FUNCTION_NAMES: readonly string[] = Object.freeze([
  ...'pi exp exp10 log log10 pow sqrt sin cos tan asin acos atan atan2'.split(' ').map((n) => `math:${n}`),
  ...'merge size keys contains get put entry remove for-each'.split(' ').map((n) => `map:${n}`),
  ...'size get put append subarray remove insert-before head tail reverse join for-each filter fold-left fold-right for-each-pair sort flatten'
    .split(' ')
    .map((n) => `array:${n}`),
])

export const LIBRARY_NAMESPACES: ReadonlyMap<string, string> = new Map([
  ['fn', FN_NS],
  ['math', MATH_NS],
  ['map', MAP_NS],
  ['array', ARRAY_NS],
  ['xs', 'http://www.w3.org/2001/XMLSchema'],
])

/** Highest arity probed; no standard function takes more (concat, the variadic one, is the gateway's). */
const MAX_PROBED_ARITY = 6

/** Whether the engine has `Q{namespaceURI}localName#arity`. */
export function standardFunctionExists(namespaceURI: string, localName: string, arity: number): boolean {
  return fx.evaluateXPathToBoolean('exists(function-lookup(QName($ns, $name), xs:integer($arity)))', null, null, {
    ns: namespaceURI,
    name: localName,
    arity,
  })
}

/** The arities the engine has for a standard function (empty when it has none). */
export function standardFunctionArities(namespaceURI: string, localName: string): number[] {
  const arities: number[] = []
  for (let arity = 0; arity <= MAX_PROBED_ARITY; arity++)
    if (standardFunctionExists(namespaceURI, localName, arity)) arities.push(arity)
  return arities
}
