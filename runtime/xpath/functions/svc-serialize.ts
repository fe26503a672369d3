/**
 * `svc-serialize(value, pretty = true())` (xpath-functions.md FN-svc-serialize-1, FN-svc-serialize-2):
 * an atomic first item gives its XP-CONV-1 string; nodes give their XML serialization, concatenated
 * (a document starts with `<?xml version="1.0"?>` and a line break; pretty output indents element-only
 * content, serialize-xml.ts). The empty sequence gives "". Decided: in a sequence that starts with a
 * node, atomic items are left out.
 */
import { decodeContent, effectiveBooleanValue, toXPathString } from '../../oxn/index.js'
import { Content } from '../../values/content.js'
import { isNode } from '../../values/item.js'
import { toSequence, type Value } from '../value.js'
import { serializeNode } from './serialize-xml.js'

export function xpSvcSerialize(value: Value, pretty?: Value): string {
  const items = toSequence(value).map((item) => (item instanceof Content ? decodeContent(item) : item))
  const first = items[0]
  if (first === undefined) return ''
  if (!isNode(first)) return toXPathString(first)
  const indent = pretty === undefined || effectiveBooleanValue(pretty)
  let out = ''
  for (const item of items) if (isNode(item)) out += serializeNode(item, indent)
  return out
}
