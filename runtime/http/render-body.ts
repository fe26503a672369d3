/**
 * The response body and its media type at sending time (flows.md F-RESP-4, F-RESP-5 step 4): the
 * value is the terminating action's body or else the main content.
 *
 * - absent or empty sequence: empty body, no media type;
 * - a content value: its bytes unchanged, its recorded media type (`application/octet-stream` when none);
 * - strings and other atomic values: UTF-8 text, `text/plain`;
 * - numbers and booleans: their JSON text (T-OUT-4), maps and arrays their JSON (T-OUT-8), `application/json`;
 * - nodes: all OXN elements or documents: one JSON rendering or an array of them (OXN-R), `application/json`;
 *   otherwise the XML serialization of all nodes in order, `application/xml`;
 * - a sequence of several items that are not all nodes: its first item (T-OUT-3).
 */
import { type Node as SlimdomNode, serializeToWellFormedString } from 'slimdom'

import { formatJsonNumber, isOxnNode, OxnDocument, OxnElement, renderJson, renderSequenceJson } from '../oxn/index.js'
import { Content } from '../values/content.js'
import { EngineValue, isNode, type Item, type Sequence, type XNode, XPathArray, XPathMap } from '../values/item.js'

export interface RenderedBody {
  /** Text is sent as UTF-8 (kept as a string so node writes head and body in one piece). */
  readonly body: string | Uint8Array
  /** F-RESP-5 step 4; null for an empty body from an absent or empty value. */
  readonly mediaType: string | null
}

const NO_BODY: RenderedBody = Object.freeze({ body: '', mediaType: null })

export function renderBody(value: Sequence | undefined): RenderedBody {
  if (value === undefined || value.length === 0) return NO_BODY
  if (value.length > 1 && !value.every(isNode)) return renderItem(value[0]!)
  if (isNode(value[0]!)) return renderNodes(value as readonly XNode[])
  return renderItem(value[0]!)
}

function renderItem(item: Item): RenderedBody {
  if (typeof item === 'string') return text(item, 'text/plain')
  if (typeof item === 'number') return text(formatJsonNumber(item), 'application/json')
  if (typeof item === 'boolean') return text(item ? 'true' : 'false', 'application/json')
  if (item instanceof Content) return { body: item.sendable, mediaType: item.mediaType ?? 'application/octet-stream' }
  if (item instanceof XPathMap || item instanceof XPathArray) return text(renderJson(item), 'application/json')
  if (item instanceof EngineValue) return text(item.stringValue, 'text/plain')
  return renderNodes([item])
}

function renderNodes(nodes: readonly XNode[]): RenderedBody {
  if (nodes.every(isOxnTree)) {
    return text(nodes.length === 1 ? renderJson(nodes[0]!) : renderSequenceJson(nodes, 'array'), 'application/json')
  }
  let xml = ''
  for (const node of nodes)
    xml += isOxnNode(node) ? renderJson(node) : serializeToWellFormedString(node as unknown as SlimdomNode)
  return text(xml, 'application/xml')
}

function isOxnTree(node: XNode): boolean {
  return node instanceof OxnElement || node instanceof OxnDocument
}

function text(value: string, mediaType: string): RenderedBody {
  return { body: value, mediaType }
}
