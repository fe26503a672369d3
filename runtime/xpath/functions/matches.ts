/**
 * `matches(input, pattern, flags = '')` (xpath-functions.md FN-matches-1, FN-matches-2, RE-1..RE-5):
 * whether the pattern matches somewhere in the input. An invalid pattern or flag at run time is an RW
 * and false (a literal one is a compile error, XC-4).
 */
import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'
import { type FunctionCall, warn } from './call.js'
import { regexFor } from './regex.js'

export function xpMatches(call: FunctionCall, input: Value, pattern: Value, flags?: Value): boolean {
  const compiled = regexFor(call, toXPathString(pattern), flags === undefined ? '' : toXPathString(flags))
  if (!compiled.ok) {
    warn(call, 'matches', `invalid regular expression "${toXPathString(pattern)}": ${compiled.reason}`)
    return false
  }
  return compiled.regex.test(toXPathString(input))
}
