/**
 * `apply-codecs(input, codec…)` (xpath-functions.md CODEC-1..CODEC-3, BIN-1..BIN-3): the input's bytes
 * (BIN-1) through each codec in argument order, the final bytes as a string (BIN-2). An unknown codec
 * name at run time or data a codec cannot process: RW and "" (a literal unknown name is a compile
 * error, XC-5).
 */
import { toXPathString } from '../../oxn/index.js'
import type { Value } from '../value.js'
import { bytesOf, stringOfBytes } from './binary.js'
import { type FunctionCall, warn } from './call.js'
import { CodecError, codecNamed, unknownCodecMessage } from './codecs.js'

export function xpApplyCodecs(call: FunctionCall, input: Value, ...codecs: Value[]): string {
  let bytes = bytesOf(call, toXPathString(input))
  for (const value of codecs) {
    const name = toXPathString(value)
    const codec = codecNamed(name)
    if (codec === undefined) {
      warn(call, 'apply-codecs', unknownCodecMessage(name))
      return ''
    }
    try {
      bytes = codec(bytes)
    } catch (error) {
      if (!(error instanceof CodecError)) throw error
      warn(call, 'apply-codecs', error.message)
      return ''
    }
  }
  return stringOfBytes(call, bytes)
}
