/**
 * Hover: what an element (action, test action, control element), an attribute, an extension
 * function or an `x-svc-*` extension does, from compiler/language (the table the schemas read).
 */
import { type Hover, MarkupKind, type Position } from 'vscode-languageserver/node'

import { type AttributeDoc, type ElementDoc, elementDoc, extensionDoc, functionDoc } from '../language/index.js'
import { keyLine } from './definition-document.js'
import { documentKind, type FeatureContext, isProjectDocument } from './feature-context.js'
import { attributeDocOf, flowDocument, inExpression, placeIn, wordAt } from './flow-document.js'

export function hoverAt(at: FeatureContext, position: Position): Hover | null {
  if (!isProjectDocument(at.path, at.document.getText())) return null
  const kind = documentKind(at.path)
  const text = at.document.getText()
  const offset = at.document.offsetAt(position)
  const range = (start: number, end: number) => ({
    start: at.document.positionAt(start),
    end: at.document.positionAt(end),
  })
  if (kind === 'definition') {
    const { word, start, end } = wordAt(text, offset, /[-\w]/)
    const doc = word.startsWith('x-svc-') ? extensionDoc(word) : undefined
    if (!doc) return null
    const line = keyLine(
      text.slice(
        text.lastIndexOf('\n', start - 1) + 1,
        text.indexOf('\n', end) === -1 ? text.length : text.indexOf('\n', end),
      ),
    )
    if (line?.key !== word) return null
    return {
      contents: markdown(
        `**${word}**: ${doc.summary}\n\nValue: ${doc.value}. Recognized ${doc.levels.join(', ')} (${doc.spec}).`,
      ),
      range: range(start, end),
    }
  }
  if (kind !== 'flow') return null
  const flow = flowDocument(text, at.path, at.siteRoot)
  const place = placeIn(flow, offset)
  if (place.kind === 'element-name') {
    const doc = elementDoc(place.element.name)
    return doc
      ? {
          contents: markdown(describeElement(place.element.name, doc)),
          range: range(place.element.nameStart, place.element.nameEnd),
        }
      : null
  }
  if (place.kind === 'attribute-name' && place.attribute) {
    const doc = attributeDocOf(place.element.name, place.attribute.name)
    return doc
      ? {
          contents: markdown(describeAttribute(place.element.name, place.attribute.name, doc)),
          range: range(place.attribute.nameStart, place.attribute.nameEnd),
        }
      : null
  }
  if (inExpression(flow, place, offset)) {
    const { word, start, end } = wordAt(text, offset, /[-\w]/)
    const doc = functionDoc(word)
    if (!doc || text[start - 1] === '$') return null
    return { contents: markdown(`\`${doc.signature}\`\n\n${doc.summary}\n\n(${doc.spec})`), range: range(start, end) }
  }
  return null
}

function describeElement(name: string, doc: ElementDoc): string {
  const attributes = Object.entries(doc.attributes).map(
    ([attribute, a]) => `- \`${attribute}\`${a.required ? ' (required)' : ''}: ${a.summary}`,
  )
  return [
    `**<${name}>**${doc.testOnly ? ' (test action)' : ''}: ${doc.summary}`,
    attributes.length > 0 ? `Attributes:\n${attributes.join('\n')}` : '',
    `(${doc.spec})`,
  ]
    .filter((part) => part !== '')
    .join('\n\n')
}

function describeAttribute(element: string, name: string, doc: AttributeDoc): string {
  const facts = [
    doc.kind,
    doc.dynamic ? 'accepts {expr}' : '',
    doc.values ? `one of ${doc.values.join(', ')}` : '',
    doc.default !== undefined ? `default ${doc.default}` : '',
    doc.required ? 'required' : '',
  ]
  return `**${name}** of <${element}>: ${doc.summary}\n\n(${facts.filter((fact) => fact !== '').join('; ')})`
}

function markdown(value: string) {
  return { kind: MarkupKind.Markdown, value }
}
