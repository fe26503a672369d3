/**
 * The text of a value where an action needs text (actions.md ACT-regex-4, ACT-debug-3): strings as
 * they are; numbers and booleans in their XPath string form; content values as their text (decoded by
 * their charset, flows.md F-VAR-8); nodes (OXN or XML) as their XML serialization, an attribute as
 * `name="value"` and a document without its XML declaration; maps and arrays as their JSON text;
 * other engine values by their string value. Nodes are concatenated; other items are separated by a
 * space.
 */
import { formatXPathNumber, renderJson } from '../../oxn/index.js'
import { Content } from '../../values/content.js'
import { EngineValue, isNode, type Item, type Sequence, XPathArray, XPathMap } from '../../values/item.js'
import { serializeNode } from '../../xpath/functions/serialize-xml.js'

const XML_DECLARATION = '<?xml version="1.0"?>\n'

export function valueText(value: Sequence): string {
  if (value.every(isNode)) return value.map(itemText).join('')
  return value.map(itemText).join(' ')
}

export function itemText(item: Item): string {
  if (typeof item === 'string') return item
  if (typeof item === 'number') return formatXPathNumber(item)
  if (typeof item === 'boolean') return item ? 'true' : 'false'
  if (item instanceof Content) return item.text
  if (item instanceof EngineValue) return item.stringValue
  if (item instanceof XPathMap || item instanceof XPathArray) return renderJson(item)
  const xml = serializeNode(item, false)
  return xml.startsWith(XML_DECLARATION) ? xml.slice(XML_DECLARATION.length) : xml
}
