/**
 * A forgiving scan of an XML document for editor features: start tags with the positions of their
 * names and attributes, element nesting, and comments. Unlike compiler/flow/parse-xml.ts it never
 * stops at an error, because the text being typed is rarely well-formed: an unfinished tag ends at
 * the next `<` or the end of the text, and an unclosed element at the end of the text.
 */

export interface ScannedAttribute {
  readonly name: string
  readonly nameStart: number
  readonly nameEnd: number
  /** The value between its quotes (offsets of its first character and just after its last), raw. */
  readonly value: string
  readonly valueStart: number
  readonly valueEnd: number
  /** The value is written between quotes (else it is empty, and the tag is being typed). */
  readonly quoted: boolean
}

export interface ScannedElement {
  readonly name: string
  /** Offset of `<`. */
  readonly start: number
  readonly nameStart: number
  readonly nameEnd: number
  /** Offset just after the start tag's `>` (or where the unfinished tag ends). */
  tagEnd: number
  /** The start tag ends with `>` or `/>` (it is not being typed). */
  closed: boolean
  /** Ends with `/>`: it has no content. */
  selfClosing: boolean
  readonly attributes: ScannedAttribute[]
  readonly parent: ScannedElement | undefined
  /** Offset of the end tag's `<`, or of the end of the start tag when self-closing; the text's length when unclosed. */
  contentEnd: number
}

export interface ScannedXml {
  readonly elements: readonly ScannedElement[]
  /** Ranges of comments, processing instructions and declarations ([start, end)). */
  readonly skipped: readonly (readonly [number, number])[]
  /** Ranges of end tags. */
  readonly endTags: readonly (readonly [number, number])[]
}

const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y
const SPACE = /[ \t\r\n]*/y

export function scanXml(text: string): ScannedXml {
  const elements: ScannedElement[] = []
  const skipped: [number, number][] = []
  const endTags: [number, number][] = []
  const open: ScannedElement[] = []
  let i = 0
  const skipTo = (marker: string, from: number): number => {
    const end = text.indexOf(marker, from)
    return end === -1 ? text.length : end + marker.length
  }
  while (i < text.length) {
    const lt = text.indexOf('<', i)
    if (lt === -1) break
    if (text.startsWith('<!--', lt)) {
      i = skipTo('-->', lt + 4)
      skipped.push([lt, i])
    } else if (text.startsWith('<![CDATA[', lt)) {
      i = skipTo(']]>', lt + 9)
    } else if (text.startsWith('<?', lt) || text.startsWith('<!', lt)) {
      i = skipTo('>', lt + 2)
      skipped.push([lt, i])
    } else if (text[lt + 1] === '/') {
      NAME.lastIndex = lt + 2
      const name = NAME.exec(text)?.[0] ?? ''
      const end = text.indexOf('>', lt)
      const next = text.indexOf('<', lt + 1)
      i = end === -1 || (next !== -1 && next < end) ? (next === -1 ? text.length : next) : end + 1
      endTags.push([lt, i])
      const at = open.map((element) => element.name).lastIndexOf(name)
      if (at !== -1) {
        for (const element of open.splice(at)) element.contentEnd = lt
      }
    } else {
      const element = startTag(text, lt, open[open.length - 1])
      elements.push(element)
      i = element.tagEnd
      if (element.selfClosing) element.contentEnd = element.tagEnd
      else open.push(element)
    }
  }
  for (const element of open) element.contentEnd = text.length
  return { elements, skipped, endTags }
}

function startTag(text: string, lt: number, parent: ScannedElement | undefined): ScannedElement {
  NAME.lastIndex = lt + 1
  const name = NAME.exec(text)?.[0] ?? ''
  const element: ScannedElement = {
    name,
    start: lt,
    nameStart: lt + 1,
    nameEnd: lt + 1 + name.length,
    tagEnd: text.length,
    closed: false,
    selfClosing: false,
    attributes: [],
    parent,
    contentEnd: text.length,
  }
  let i = element.nameEnd
  for (;;) {
    SPACE.lastIndex = i
    SPACE.exec(text)
    i = SPACE.lastIndex
    if (i >= text.length || text[i] === '<') {
      element.tagEnd = i
      return element
    }
    if (text[i] === '>' || text.startsWith('/>', i)) {
      element.tagEnd = i + (text[i] === '>' ? 1 : 2)
      element.closed = true
      element.selfClosing = text[i] === '/'
      return element
    }
    NAME.lastIndex = i
    const attributeName = NAME.exec(text)?.[0]
    if (attributeName === undefined) {
      i++ // a character no name starts with: step over it
      continue
    }
    const nameStart = i
    i += attributeName.length
    SPACE.lastIndex = i
    SPACE.exec(text)
    let j = SPACE.lastIndex
    if (text[j] !== '=') {
      element.attributes.push({
        name: attributeName,
        nameStart,
        nameEnd: nameStart + attributeName.length,
        value: '',
        valueStart: i,
        valueEnd: i,
        quoted: false,
      })
      continue
    }
    SPACE.lastIndex = j + 1
    SPACE.exec(text)
    j = SPACE.lastIndex
    const quote = text[j]
    if (quote !== '"' && quote !== "'") {
      element.attributes.push({
        name: attributeName,
        nameStart,
        nameEnd: nameStart + attributeName.length,
        value: '',
        valueStart: j,
        valueEnd: j,
        quoted: false,
      })
      i = j
      continue
    }
    // an unterminated value ends at the line's end, so that the rest of the document still scans
    let close = text.indexOf(quote, j + 1)
    const lineEnd = text.slice(j + 1).search(/[\r\n<]/)
    if (close === -1 || (lineEnd !== -1 && close > j + 1 + lineEnd && text[j + 1 + lineEnd] === '<'))
      close = lineEnd === -1 ? text.length : j + 1 + lineEnd
    element.attributes.push({
      name: attributeName,
      nameStart,
      nameEnd: nameStart + attributeName.length,
      value: text.slice(j + 1, close),
      valueStart: j + 1,
      valueEnd: close,
      quoted: true,
    })
    i = close < text.length && text[close] === quote ? close + 1 : close
  }
}

/** Where an offset is, for completion and hover. */
export type XmlPlace =
  | { readonly kind: 'element-name'; readonly element: ScannedElement }
  | {
      readonly kind: 'attribute-name'
      readonly element: ScannedElement
      readonly attribute: ScannedAttribute | undefined
    }
  | { readonly kind: 'attribute-value'; readonly element: ScannedElement; readonly attribute: ScannedAttribute }
  | { readonly kind: 'text'; readonly element: ScannedElement | undefined }
  | { readonly kind: 'end-tag' | 'skipped' }

export function placeAt(scan: ScannedXml, offset: number): XmlPlace {
  if (scan.skipped.some(([start, end]) => start < offset && offset < end)) return { kind: 'skipped' }
  if (scan.endTags.some(([start, end]) => start < offset && offset < end)) return { kind: 'end-tag' }
  for (const element of scan.elements) {
    if (offset <= element.start || offset > element.tagEnd || (element.closed && offset === element.tagEnd)) continue
    if (offset <= element.nameEnd) return { kind: 'element-name', element }
    for (const attribute of element.attributes) {
      if (attribute.quoted && offset >= attribute.valueStart && offset <= attribute.valueEnd)
        return { kind: 'attribute-value', element, attribute }
      if (offset >= attribute.nameStart && offset <= attribute.nameEnd)
        return { kind: 'attribute-name', element, attribute }
    }
    return { kind: 'attribute-name', element, attribute: undefined }
  }
  let inner: ScannedElement | undefined
  for (const element of scan.elements) {
    if (!element.selfClosing && element.tagEnd <= offset && offset <= element.contentEnd) inner = element
  }
  return { kind: 'text', element: inner }
}
