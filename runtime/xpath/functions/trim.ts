/** `trim(s)` (xpath-functions.md FN-trim-1): removes leading and trailing space, LF, CR, tab and U+000B (not no-break space or form feed). */
import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'

export function xpTrim(value: Value): string {
  return toXPathString(value).replace(/^[ \n\r\t\u000B]+|[ \n\r\t\u000B]+$/g, '')
}
