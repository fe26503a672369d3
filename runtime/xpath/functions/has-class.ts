/**
 * `has-class(class, context?)` (xpath-functions.md FN-has-class-1..3): whether the element (the first
 * node of `context`, else the context item, which the rewrite passes) has a `class` attribute with a
 * token (split at ASCII whitespace) equal to `class`, both lower-cased with Unicode rules. Not an
 * element, or no `class`: false. A class that is empty or holds whitespace: RW and false.
 */
import { decodeContent, OXN_DOM_FACADE, toXPathString } from '../../oxn/index.js'
import { Content } from '../../values/content.js'
import { isNode, type XNode } from '../../values/item.js'
import { toSequence, type Value } from '../value.js'
import { type FunctionCall, warn } from './call.js'

const ASCII_WHITESPACE = /[\t\n\f\r ]+/

function firstNode(value: Value): XNode | undefined {
  for (let item of toSequence(value)) {
    if (item instanceof Content) item = decodeContent(item)
    if (isNode(item)) return item
  }
  return undefined
}

export function xpHasClass(call: FunctionCall, name: Value, context?: Value): boolean {
  const wanted = toXPathString(name)
  if (wanted === '' || /[\s]/.test(wanted)) {
    warn(
      call,
      'has-class',
      wanted === '' ? 'the class is empty' : `"${wanted}" holds whitespace; combine calls with and/or`,
    )
    return false
  }
  const element = context === undefined ? undefined : firstNode(context)
  if (element === undefined || element.nodeType !== 1) return false
  const classes = OXN_DOM_FACADE.getAttribute(element as never, 'class')
  if (classes === null) return false
  const lower = wanted.toLowerCase()
  return classes.split(ASCII_WHITESPACE).some((token) => token !== '' && token.toLowerCase() === lower)
}
