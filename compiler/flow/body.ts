/**
 * Element content rules (flows.md F-DOC-4, F-DOC-7, F-DOC-8): containers hold only elements and
 * white space; `empty` bodies hold nothing; `text` and `expression` bodies hold character data only,
 * whose text is all text and CDATA in document order (comments dropped).
 */
import type { SubSource } from '../diagnostics/source.js'
import type { LowerContext } from './lower-context.js'
import type { XmlElement } from './parse-xml.js'
import { decodeCharacterData, firstNonWhitespace } from './xml-text.js'

/** Character data between the child elements, in order. */
function gaps(element: XmlElement, ctx: LowerContext): SubSource[] {
  const out: SubSource[] = []
  let from = element.contentStart
  for (const child of element.children) {
    out.push(decodeCharacterData(ctx.file, from, child.start))
    from = child.end
  }
  out.push(decodeCharacterData(ctx.file, from, element.contentEnd))
  return out
}

/** File offset of the first non-white-space character outside child elements, or -1. */
function strayText(element: XmlElement, ctx: LowerContext): number {
  for (const gap of gaps(element, ctx)) {
    const at = firstNonWhitespace(gap.text)
    if (at >= 0) return gap.offsets[at]!
  }
  return -1
}

/** F-DOC-4: text directly inside a container is a CE (white space is ignored). */
export function checkContainerText(element: XmlElement, ctx: LowerContext): void {
  const at = strayText(element, ctx)
  if (at >= 0)
    ctx.bag.error('flow/text-in-container', ctx.loc(at), `text is not allowed directly inside <${element.name}>`)
}

/** F-DOC-7 `empty`: anything but white space is a CE. Returns false after a reported CE. */
export function checkEmptyBody(element: XmlElement, ctx: LowerContext): boolean {
  const child = element.children[0]
  if (child) {
    ctx.bag.error(
      'flow/invalid-content',
      ctx.elementLoc(child),
      `<${element.name}> must be empty; found <${child.name}>`,
    )
    return false
  }
  const at = strayText(element, ctx)
  if (at < 0) return true
  ctx.bag.error('flow/invalid-content', ctx.loc(at), `<${element.name}> must be empty; found text`)
  return false
}

/** F-DOC-7 `text` and `expression`: the body text; child elements are a CE (undefined). */
export function bodyText(element: XmlElement, ctx: LowerContext): SubSource | undefined {
  const child = element.children[0]
  if (child) {
    ctx.bag.error(
      'flow/invalid-content',
      ctx.elementLoc(child),
      `<${element.name}> takes text only; child elements such as <${child.name}> are not allowed`,
    )
    return undefined
  }
  return decodeCharacterData(ctx.file, element.contentStart, element.contentEnd)
}
