/**
 * A strict XML parse (sax, as the compiler uses it) into a small element tree, for tests that check
 * a generated XML document's structure: a document that is not well-formed XML 1.0 throws.
 */
import sax from 'sax'

export interface XmlElement {
  readonly name: string
  readonly attributes: Readonly<Record<string, string>>
  readonly children: XmlElement[]
  /** The element's own text content (character data and CDATA, entities decoded). */
  text: string
}

export function parseXmlTree(text: string): XmlElement {
  const parser = sax.parser(true, { xmlns: false })
  const stack: XmlElement[] = []
  let root: XmlElement | undefined
  parser.onopentag = (tag) => {
    const element: XmlElement = {
      name: tag.name,
      attributes: { ...(tag.attributes as Record<string, string>) },
      children: [],
      text: '',
    }
    stack.at(-1)?.children.push(element)
    root ??= element
    stack.push(element)
  }
  parser.onclosetag = () => void stack.pop()
  parser.ontext = (chunk) => {
    const current = stack.at(-1)
    if (current !== undefined) current.text += chunk
    else if (chunk.trim() !== '') throw new Error(`text outside the root element: ${JSON.stringify(chunk)}`)
  }
  parser.oncdata = (chunk) => {
    const current = stack.at(-1)
    if (current !== undefined) current.text += chunk
  }
  parser.onerror = (error) => {
    throw error
  }
  parser.write(text).close()
  if (root === undefined) throw new Error('no root element')
  return root
}

/** The child elements named `name`. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child) => child.name === name)
}
