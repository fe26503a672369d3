/**
 * `body(id = 'main')` (xpath-functions.md FN-body-1..3; flows.md F-LOC-6): the stored body of upstream
 * request `id` as text (its bytes decoded by the response's charset, UTF-8 by default, invalid
 * sequences U+FFFD); '' means `main`. Stored bodies never change, whatever happens to the main
 * content. No stored body: "".
 */
import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'
import type { FunctionCall } from './call.js'

export function xpBody(call: FunctionCall, id?: Value): string {
  const name = id === undefined ? '' : toXPathString(id)
  return call.ctx.contents.upstream.get(name === '' ? 'main' : name)?.text ?? ''
}
