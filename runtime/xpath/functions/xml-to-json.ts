/**
 * `xml-to-json(node)` (xpath-functions.md FN-xml-to-json-1, FN-xml-to-json-2): exactly one node,
 * rendered compactly by oxn.md OXN-R (a document renders its document element). The empty sequence,
 * several items or an atomic value: RW and "".
 */
import { decodeContent, renderNode } from '../../oxn/index.js'
import { Content } from '../../values/content.js'
import { isNode } from '../../values/item.js'
import { toSequence, type Value } from '../value.js'
import { type FunctionCall, warn } from './call.js'

export function xpXmlToJson(call: FunctionCall, value: Value): string {
  const items = toSequence(value)
  if (items.length !== 1) {
    warn(
      call,
      'xml-to-json',
      items.length === 0 ? 'the argument is empty' : `expected one node, got ${items.length} items`,
    )
    return ''
  }
  const item = items[0] instanceof Content ? decodeContent(items[0]) : items[0]!
  if (!isNode(item)) {
    warn(call, 'xml-to-json', 'the argument is not a node')
    return ''
  }
  return renderNode(item)
}
