/**
 * Flow XML -> element tree with positions (flows.md F-DOC-1, F-DOC-3, F-DOC-9). sax (strict) checks
 * well-formedness; positions come from the raw text, because sax reports token ends only: an element
 * starts at `startTagPosition - 1`, and each start tag is re-read here to find attribute names and
 * raw value ranges. Checked here because sax lets them pass: duplicate attributes, `<` in attribute
 * values, a second root element. Also a CE: a DOCTYPE (F-DOC-1) and any namespace (F-DOC-3).
 * The first syntax error ends parsing of the file (one mistake, one message).
 */
import sax from 'sax'

import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import { locAt, type SourceFile } from '../diagnostics/source.js'
import { isXmlWhitespace } from './xml-text.js'

export interface XmlAttribute {
  readonly name: string
  /** Offset of the attribute's name. */
  readonly nameStart: number
  /** Raw value range, between the quotes. */
  readonly valueStart: number
  readonly valueEnd: number
}

export interface XmlElement {
  readonly name: string
  /** Offset of `<`. */
  readonly start: number
  /** Offset just after the start tag's `>`. */
  readonly tagEnd: number
  readonly selfClosing: boolean
  readonly attributes: readonly XmlAttribute[]
  readonly children: readonly XmlElement[]
  /** Content range: from the end of the start tag to the `<` of the end tag. */
  readonly contentStart: number
  readonly contentEnd: number
  /** Offset just after the end tag (or of the self-closing start tag). */
  readonly end: number
  /** The name or an attribute uses a namespace (already reported, F-DOC-3). */
  readonly namespaced: boolean
}

export interface XmlDocument {
  readonly file: SourceFile
  readonly root: XmlElement
}

interface OpenElement {
  name: string
  start: number
  tagEnd: number
  selfClosing: boolean
  attributes: XmlAttribute[]
  children: XmlElement[]
  namespaced: boolean
}

class StopParsing extends Error {}

/** Parses the file; undefined after a reported syntax problem. */
export function parseXml(file: SourceFile, bag: DiagnosticBag): XmlDocument | undefined {
  const text = file.text
  // strictEntities: only the five predefined entities (F-DOC-1); the type definitions lack the option.
  const parser = sax.parser(true, { position: true, strictEntities: true } as sax.SAXOptions)
  const stack: OpenElement[] = []
  let root: XmlElement | undefined
  const fail = (code: 'flow/xml-syntax' | 'flow/doctype', at: number, message: string): never => {
    bag.error(code, locAt(file, Math.max(0, Math.min(at, text.length))), message)
    throw new StopParsing()
  }
  parser.onerror = (error) => {
    const first = (error.message.split('\n')[0] ?? '').replace(/\.$/, '')
    if (/^(Unexpected|Unmatched) clos/.test(first)) {
      // sax points after the `>`; name the end tag at its `<` and the element still open.
      const at = text.lastIndexOf('</', parser.position - 1)
      const name = text.slice(at + 2, parser.position - 1).trim()
      const open = stack[stack.length - 1]
      fail('flow/xml-syntax', at, `malformed XML: unexpected </${name}>${open ? `; expected </${open.name}>` : ''}`)
    }
    fail('flow/xml-syntax', parser.position - 1, `malformed XML: ${first.charAt(0).toLowerCase()}${first.slice(1)}`)
  }
  parser.ondoctype = () => {
    fail(
      'flow/doctype',
      text.lastIndexOf('<!DOCTYPE', parser.position),
      'document type declarations (<!DOCTYPE>) are not allowed in flow files',
    )
  }
  parser.onopentag = (tag) => {
    const start = parser.startTagPosition - 1
    if (stack.length === 0 && root !== undefined)
      fail('flow/xml-syntax', start, 'malformed XML: more than one root element')
    const tagEnd = parser.position
    const attributes = readAttributes(file, start, tagEnd, bag)
    const namespaced = checkNamespaces(file, tag.name, start, attributes, bag)
    stack.push({
      name: tag.name,
      start,
      tagEnd,
      selfClosing: tag.isSelfClosing,
      attributes: attributes.filter((a) => !isNamespaced(a.name)),
      children: [],
      namespaced,
    })
  }
  parser.onclosetag = () => {
    const open = stack.pop()!
    const end = parser.position
    const contentEnd = open.selfClosing ? open.tagEnd : text.lastIndexOf('</', end - 1)
    const element: XmlElement = { ...open, contentStart: open.tagEnd, contentEnd, end }
    const parent = stack[stack.length - 1]
    if (parent) parent.children.push(element)
    else root = element
  }
  try {
    parser.write(text).close()
  } catch (error) {
    if (error instanceof StopParsing) return undefined
    throw error
  }
  if (root === undefined) return fail('flow/xml-syntax', 0, 'malformed XML: no root element')
  return { file, root }
}

function isNamespaced(name: string): boolean {
  return name.includes(':') || name === 'xmlns'
}

/** F-DOC-3: a prefix or a namespace declaration on the element or its attributes is a CE. */
function checkNamespaces(
  file: SourceFile,
  name: string,
  start: number,
  attributes: readonly XmlAttribute[],
  bag: DiagnosticBag,
): boolean {
  let namespaced = false
  if (name.includes(':')) {
    bag.error('flow/namespace', locAt(file, start), `namespaces are not allowed in flow files: <${name}>`)
    namespaced = true
  }
  for (const attribute of attributes) {
    if (!isNamespaced(attribute.name)) continue
    const what =
      attribute.name === 'xmlns' || attribute.name.startsWith('xmlns:') ? 'namespace declaration' : 'attribute'
    bag.error(
      'flow/namespace',
      locAt(file, attribute.nameStart),
      `namespaces are not allowed in flow files: ${what} ${attribute.name}`,
    )
    namespaced = true
  }
  return namespaced
}

/**
 * Re-reads a start tag sax accepted: `<name (S name S? = S? quoted)* S? /?>`. Reports duplicate
 * attributes and `<` in values (XML well-formedness rules sax does not enforce).
 */
function readAttributes(file: SourceFile, start: number, end: number, bag: DiagnosticBag): XmlAttribute[] {
  const text = file.text
  const attributes: XmlAttribute[] = []
  let i = start + 1
  const skipName = () => {
    while (i < end && !isXmlWhitespace(text[i]!) && text[i] !== '=' && text[i] !== '/' && text[i] !== '>') i++
  }
  const skipSpace = () => {
    while (i < end && isXmlWhitespace(text[i]!)) i++
  }
  skipName()
  for (;;) {
    skipSpace()
    if (i >= end || text[i] === '/' || text[i] === '>') break
    const nameStart = i
    skipName()
    const name = text.slice(nameStart, i)
    skipSpace()
    i++ // '='
    skipSpace()
    const quote = text[i]!
    const valueStart = i + 1
    const valueEnd = text.indexOf(quote, valueStart)
    i = valueEnd + 1
    const lt = text.indexOf('<', valueStart)
    if (lt >= 0 && lt < valueEnd) {
      bag.error(
        'flow/xml-syntax',
        locAt(file, lt),
        `malformed XML: '<' is not allowed in attribute values (write &lt;)`,
      )
      throw new StopParsing()
    }
    if (attributes.some((a) => a.name === name)) {
      bag.error('flow/xml-syntax', locAt(file, nameStart), `malformed XML: duplicate attribute ${name}`)
      throw new StopParsing()
    }
    attributes.push({ name, nameStart, valueStart, valueEnd })
  }
  return attributes
}
