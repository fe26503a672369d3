/** `md5(s)` (xpath-functions.md FN-md5-1, BIN-1): the MD5 digest of the bytes of `s` as 32 lower-case hex digits. */
import { createHash } from 'node:crypto'

import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'
import { bytesOf } from './binary.js'
import type { FunctionCall } from './call.js'

export function xpMd5(call: FunctionCall, value: Value): string {
  return createHash('md5')
    .update(bytesOf(call, toXPathString(value)))
    .digest('hex')
}
