/**
 * Rendering any node as compact JSON (oxn.md OXN-R1..OXN-R7): documents as their element; OXN
 * elements from their JsonValue; DOM elements with a type attribute (OXN-X4) by OXN-R2; other
 * (untyped) elements by OXN-R3; attributes and text by OXN-R6; comments and processing instructions
 * as strings (OXN-R4).
 */
import type { XNode } from '../values/item.js'
import { type DomNode, isTextLike } from './dom-node.js'
import { jsonString } from './json-string.js'
import { ESCAPED_MEMBER_NAME, type JsonType } from './json-type.js'
import { OxnAttribute, OxnDocument, OxnElement, OxnText } from './nodes.js'
import { isXmlWhitespace } from './number-text.js'
import { renderJsonValue, renderNumberText, renderPairs } from './render-json-value.js'
import { renderScalarText } from './render-scalar-text.js'
import { stringValue } from './string-value.js'
import { isTrueText, typeOfNode } from './typed-value.js'

/** Compact JSON text of a node. */
export function renderNode(node: XNode): string {
  if (node instanceof OxnElement) return renderJsonValue(node.json)
  if (node instanceof OxnDocument) return renderJsonValue(node.documentElement.json)
  if (node instanceof OxnText) return renderScalarText(node.data)
  if (node instanceof OxnAttribute) return renderScalarText(node.value)
  return renderDomNode(node as DomNode)
}

function renderDomNode(node: DomNode): string {
  switch (node.nodeType) {
    case 1: {
      const type = typeOfNode(node)
      return type === null ? renderUntypedElement(node) : renderTypedElement(node, type)
    }
    case 2:
    case 3:
    case 4:
      return renderScalarText(stringValue(node))
    case 7:
    case 8:
      return jsonString(node.data ?? '')
    case 9: {
      const element = documentElementOf(node)
      return element === null ? 'null' : renderDomNode(element)
    }
    default:
      return renderUntypedElement(node)
  }
}

/** OXN-R2 for a DOM element that carries a type attribute (OXN-X4). */
function renderTypedElement(element: DomNode, type: JsonType): string {
  switch (type) {
    case 'object':
      return renderPairs(groupChildElements(element))
    case 'array': {
      const items: string[] = []
      for (let child = element.firstChild; child !== null; child = child.nextSibling) {
        if (child.nodeType === 1) items.push(renderDomNode(child))
      }
      return '[' + items.join(',') + ']'
    }
    case 'string':
      return jsonString(stringValue(element))
    case 'number':
      return renderNumberText(stringValue(element))
    case 'boolean':
      return isTrueText(stringValue(element)) ? 'true' : 'false'
    default:
      return 'null'
  }
}

/** OXN-R3: non-blank text -> scalar; element children -> object of grouped keys; else "". */
function renderUntypedElement(element: DomNode): string {
  let hasElements = false
  for (let child = element.firstChild; child !== null; child = child.nextSibling) {
    if (isTextLike(child)) {
      if (!isBlank(child.data ?? '')) return renderScalarText(stringValue(element))
    } else if (child.nodeType === 1) hasElements = true
  }
  return hasElements ? renderPairs(groupChildElements(element)) : '""'
}

/** Child elements rendered and grouped by key (`@name` of a `json-element`, else the qualified name). */
function groupChildElements(element: DomNode): Map<string, string[]> {
  const groups = new Map<string, string[]>()
  for (let child = element.firstChild; child !== null; child = child.nextSibling) {
    if (child.nodeType !== 1) continue
    const key = memberKey(child)
    const rendered = renderDomNode(child)
    const group = groups.get(key)
    if (group === undefined) groups.set(key, [rendered])
    else group.push(rendered)
  }
  return groups
}

function memberKey(element: DomNode): string {
  if (element.nodeName === ESCAPED_MEMBER_NAME) {
    const name = element.getAttribute?.('name')
    if (name !== null && name !== undefined) return name
  }
  return element.nodeName
}

function documentElementOf(document: DomNode): DomNode | null {
  if (document.documentElement !== undefined) return document.documentElement
  for (let child = document.firstChild; child !== null; child = child.nextSibling) {
    if (child.nodeType === 1) return child
  }
  return null
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isXmlWhitespace(text.charCodeAt(i))) return false
  return true
}
