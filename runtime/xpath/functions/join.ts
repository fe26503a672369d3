/**
 * `join(glue, input…)` (xpath-functions.md FN-join-1, FN-join-2): entries from every item of every
 * input in order: an OXN array (or a document whose root is one) contributes one entry per item (its
 * string value; a `null` item is ""), any other node its string value, an atomic value its XP-CONV-1
 * string; the entries joined with the glue. A document decoded from a content value gives the
 * content's text, as XP-CONV-1 says.
 */
import { decodeContent, stringValue, toXPathString, typeOfNode } from '../../oxn/index.js'
import { Content } from '../../values/content.js'
import { isNode, type Item } from '../../values/item.js'
import { toSequence, type Value } from '../value.js'
import { documentElementOf } from './dom-tree.js'
import { childElementsOf } from './oxn-array.js'

function addEntries(entries: string[], item: Item): void {
  const decoded = item instanceof Content ? decodeContent(item) : item
  if (isNode(decoded)) {
    const element = decoded.nodeType === 9 ? documentElementOf(decoded) : decoded
    if (element !== undefined && typeOfNode(element) === 'array') {
      for (const child of childElementsOf(element)) entries.push(stringValue(child))
      return
    }
  }
  // a document decoded from a content value gives the content's text (XP-CONV-1)
  entries.push(toXPathString(decoded))
}

export function xpJoin(glue: Value, ...inputs: Value[]): string {
  const entries: string[] = []
  for (const input of inputs) for (const item of toSequence(input)) addEntries(entries, item)
  return entries.join(toXPathString(glue))
}
