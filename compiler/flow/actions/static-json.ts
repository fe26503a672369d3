/**
 * Positions inside a static JSON template body (actions.md ACT-COMMON-3), for the test actions' CEs:
 * the file location of the value at a path (`[1, 0]`: the first element of the second item), and an
 * expression written as a JSON string as a SubSource, so that an XPath error inside it is reported
 * at its exact column. The body text is scanned again with positions only when it is exactly the
 * template's static text (no template comments); otherwise every position is the template's start.
 */
import { type Loc, subLoc, type SubSource } from '../../diagnostics/source.js'
import type { TemplateNode } from '../../ir/template.js'
import type { LowerContext } from '../lower-context.js'
import type { XmlElement } from '../parse-xml.js'
import { decodeCharacterData, firstNonWhitespace } from '../xml-text.js'

export type JsonPath = readonly (string | number)[]

/** Where a value of the body is written (text offsets), with its members or items. */
interface Positioned {
  readonly start: number
  readonly children: Map<string | number, Positioned>
}

export interface StaticJsonLocator {
  /** The location of the value at `path`, or of the nearest enclosing value that is known. */
  loc(path: JsonPath): Loc
  /** The string value at `path` as a SubSource (escapes decoded), or undefined when not found. */
  stringSource(path: JsonPath): SubSource | undefined
}

export function staticJsonLocator(element: XmlElement, ctx: LowerContext, template: TemplateNode): StaticJsonLocator {
  const fallback = template.body[0]?.loc ?? template.loc
  const sub = decodeCharacterData(ctx.file, element.contentStart, element.contentEnd)
  const start = firstNonWhitespace(sub.text)
  const usable =
    start >= 0 && template.staticText !== undefined && sub.text.slice(start).trimEnd() === template.staticText
  const tree = usable ? scanValue(sub.text, skipSpace(sub.text, start)) : undefined
  const find = (path: JsonPath): Positioned | undefined => {
    let node = tree?.value
    for (const part of path) {
      const next = node?.children.get(part)
      if (next === undefined) return node
      node = next
    }
    return node
  }
  return {
    loc(path) {
      const node = find(path)
      return node === undefined ? fallback : subLoc(sub, node.start)
    },
    stringSource(path) {
      const node = tree === undefined ? undefined : exact(tree.value, path)
      if (node === undefined || sub.text[node.start] !== '"') return undefined
      return stringSource(sub, node.start)
    },
  }
}

function exact(root: Positioned, path: JsonPath): Positioned | undefined {
  let node: Positioned | undefined = root
  for (const part of path) node = node?.children.get(part)
  return node
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && ' \t\r\n'.includes(text[at]!)) at++
  return at
}

/** Scans the (already valid) JSON value at `at`; undefined when the text is not as expected. */
function scanValue(text: string, at: number): { value: Positioned; end: number } | undefined {
  const children = new Map<string | number, Positioned>()
  const c = text[at]
  if (c === '"') return { value: { start: at, children }, end: stringEnd(text, at) }
  if (c === '[' || c === '{') {
    const close = c === '[' ? ']' : '}'
    let pos = skipSpace(text, at + 1)
    let index = 0
    while (pos < text.length && text[pos] !== close) {
      let key: string | number = index++
      if (close === '}') {
        const keyEnd = stringEnd(text, pos)
        key = JSON.parse(text.slice(pos, keyEnd)) as string
        pos = skipSpace(text, skipSpace(text, keyEnd) + 1)
      }
      const item = scanValue(text, pos)
      if (item === undefined) return undefined
      children.set(key, item.value)
      pos = skipSpace(text, item.end)
      if (text[pos] === ',') pos = skipSpace(text, pos + 1)
    }
    return { value: { start: at, children }, end: pos + 1 }
  }
  const scalar = /^(?:true|false|null|-?[0-9][0-9.eE+-]*)/.exec(text.slice(at, at + 400))
  return scalar ? { value: { start: at, children }, end: at + scalar[0].length } : undefined
}

/** Offset just after the string literal starting at `at`. */
function stringEnd(text: string, at: number): number {
  let pos = at + 1
  while (pos < text.length && text[pos] !== '"') pos += text[pos] === '\\' ? 2 : 1
  return pos + 1
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
}

/** The decoded string literal at `at`, each character mapped to the file offset of its source. */
function stringSource(sub: SubSource, at: number): SubSource {
  const text = sub.text
  let decoded = ''
  const offsets: number[] = []
  let pos = at + 1
  while (pos < text.length && text[pos] !== '"') {
    const from = sub.offsets[pos]!
    if (text[pos] !== '\\') {
      decoded += text[pos]
      offsets.push(from)
      pos++
      continue
    }
    const escape = text[pos + 1]!
    if (escape === 'u') {
      decoded += String.fromCharCode(parseInt(text.slice(pos + 2, pos + 6), 16))
      offsets.push(from)
      pos += 6
    } else {
      decoded += SIMPLE_ESCAPES[escape] ?? escape
      offsets.push(from)
      pos += 2
    }
  }
  offsets.push(sub.offsets[Math.min(pos, text.length)]!)
  return { file: sub.file, text: decoded, offsets }
}
