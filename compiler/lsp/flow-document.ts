/**
 * What the editor features need to know about a flow or test document at an offset: the scan, the
 * element documentation of the place, whether the text there is an expression, and the variables
 * that `out` attributes set.
 */
import { join, relative } from 'node:path'

import { parseLocation } from '../../runtime/context/location.js'
import { type AttributeDoc, type ElementDoc, elementDoc } from '../language/index.js'
import {
  placeAt,
  type ScannedAttribute,
  type ScannedElement,
  type ScannedXml,
  scanXml,
  type XmlPlace,
} from './xml-scan.js'

export interface FlowDocument {
  readonly text: string
  readonly path: string
  readonly siteRoot: string
  readonly scan: ScannedXml
}

export function flowDocument(text: string, path: string, siteRoot: string): FlowDocument {
  return { text, path, siteRoot, scan: scanXml(text) }
}

export function isTestDocument(flow: FlowDocument): boolean {
  return flow.scan.elements[0]?.name === 'svc-test'
}

export function placeIn(flow: FlowDocument, offset: number): XmlPlace {
  return placeAt(flow.scan, offset)
}

export function attributeDocOf(element: string, attribute: string): AttributeDoc | undefined {
  const doc: ElementDoc | undefined = elementDoc(element)
  return doc && Object.hasOwn(doc.attributes, attribute) ? doc.attributes[attribute] : undefined
}

/**
 * Whether XPath is written at `offset` of this place: an expression attribute, a `{expr}` part of a
 * dynamic one, the body of an element whose body is an expression, or a `{{ }}` part of a template body.
 */
export function inExpression(flow: FlowDocument, place: XmlPlace, offset: number): boolean {
  if (place.kind === 'text') {
    const body = place.element && elementDoc(place.element.name)?.body
    if (body !== 'template') return body === 'expression'
    // a template is text with `{{ … }}` parts (templates.md)
    const before = flow.text.slice(place.element!.tagEnd, offset)
    return before.lastIndexOf('{{') > before.lastIndexOf('}}')
  }
  if (place.kind !== 'attribute-value') return false
  const doc = attributeDocOf(place.element.name, place.attribute.name)
  if (doc?.kind === 'expression') return true
  if (doc?.dynamic !== true) return false
  const before = flow.text.slice(place.attribute.valueStart, offset)
  return before.lastIndexOf('{') > before.lastIndexOf('}')
}

/** A variable set by an `out` (or other variable) attribute. */
export interface VariableSetter {
  readonly name: string
  readonly element: ScannedElement
  readonly attribute: ScannedAttribute
}

/** Every variable set by an attribute of the document, in document order. */
export function variableSetters(flow: FlowDocument): VariableSetter[] {
  const setters: VariableSetter[] = []
  for (const element of flow.scan.elements) {
    for (const attribute of element.attributes) {
      const kind = attributeDocOf(element.name, attribute.name)?.kind
      if (attribute.name !== 'out' && kind !== 'variable') continue
      const match = /^\s*\$([A-Za-z_][-\w.]*)\s*$/.exec(attribute.value)
      if (match) setters.push({ name: match[1]!, element, attribute })
    }
  }
  return setters
}

/**
 * The variables set before `offset`; not by the elements that hold `offset` (`<eval out="$x">` sets
 * `$x` only after its body ran).
 */
export function variablesSetBefore(flow: FlowDocument, offset: number): VariableSetter[] {
  return variableSetters(flow).filter(({ element }) => element.start < offset && element.contentEnd < offset)
}

/** The absolute path a `path` attribute names, as the compiler resolves it (F-LOC-1, F-LOC-2); undefined when not a file. */
export function resolvePathAttribute(flow: FlowDocument, value: string): string | undefined {
  const dir = relative(flow.siteRoot, join(flow.path, '..')).split('\\').join('/')
  const parsed = parseLocation(value.trim(), dir === '.' || dir.startsWith('..') ? '' : dir)
  return parsed.ok && parsed.location.kind === 'file' ? join(flow.siteRoot, parsed.location.path) : undefined
}

/** The word (name characters) around `offset` in `text`, with its range. */
export function wordAt(
  text: string,
  offset: number,
  pattern = /[-\w.:$]/,
): { readonly word: string; readonly start: number; readonly end: number } {
  let start = offset
  let end = offset
  while (start > 0 && pattern.test(text[start - 1]!)) start--
  while (end < text.length && pattern.test(text[end]!)) end++
  return { word: text.slice(start, end), start, end }
}
