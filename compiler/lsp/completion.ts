/**
 * Completion. In flows and test documents: element names (actions, test actions only in `svc-test`
 * documents, control elements), the attributes of the element at the cursor, the fixed values of an
 * attribute, extension function names with their signatures inside XPath, and after `$` the
 * variables set earlier in the document, then the predefined ones (F-VAR-7). In definitions: the
 * `x-svc-*` keys recognized at the cursor's level. Descriptions come from compiler/language, the
 * table the schemas also read.
 */
import {
  type CompletionItem,
  CompletionItemKind,
  MarkupKind,
  type Position,
  type Range,
} from 'vscode-languageserver/node'

import {
  ACTION_DOCS,
  CONTROL_DOCS,
  type ElementDoc,
  elementDoc,
  EXTENSION_DOCS,
  FUNCTION_DOCS,
} from '../language/index.js'
import { PREDEFINED_VARIABLES } from '../validate/index.js'
import { keyPathAt, levelOf } from './definition-document.js'
import { documentKind, type FeatureContext, isProjectDocument } from './feature-context.js'
import {
  attributeDocOf,
  type FlowDocument,
  flowDocument,
  inExpression,
  isTestDocument,
  placeIn,
  variablesSetBefore,
} from './flow-document.js'

export function completionsAt(at: FeatureContext, position: Position): CompletionItem[] {
  if (!isProjectDocument(at.path, at.document.getText())) return []
  const kind = documentKind(at.path)
  if (kind === 'flow')
    return flowCompletions(
      flowDocument(at.document.getText(), at.path, at.siteRoot),
      at.document.offsetAt(position),
      at,
    )
  if (kind === 'definition') return definitionCompletions(at, position)
  return []
}

function flowCompletions(flow: FlowDocument, offset: number, at: FeatureContext): CompletionItem[] {
  const place = placeIn(flow, offset)
  const range = (start: number, end: number): Range => ({
    start: at.document.positionAt(start),
    end: at.document.positionAt(end),
  })
  switch (place.kind) {
    case 'element-name':
      return elementItems(isTestDocument(flow), range(place.element.nameStart, place.element.nameEnd))
    case 'attribute-name': {
      const doc = elementDoc(place.element.name)
      if (!doc) return []
      const present = new Set(place.element.attributes.filter((a) => a !== place.attribute).map((a) => a.name))
      const replace = place.attribute ? range(place.attribute.nameStart, place.attribute.nameEnd) : undefined
      return Object.entries(doc.attributes)
        .filter(([name]) => !present.has(name))
        .map(([name, attribute]) => ({
          label: name,
          kind: CompletionItemKind.Property,
          detail: attribute.kind + (attribute.required ? ', required' : ''),
          documentation: markdown(attribute.summary),
          ...(replace ? { textEdit: { range: replace, newText: name } } : {}),
        }))
    }
    case 'attribute-value': {
      const values = attributeDocOf(place.element.name, place.attribute.name)?.values
      if (values) {
        const replace = range(place.attribute.valueStart, place.attribute.valueEnd)
        return values.map((value) => ({
          label: value,
          kind: CompletionItemKind.EnumMember,
          textEdit: { range: replace, newText: value },
        }))
      }
      return inExpression(flow, place, offset) ? expressionItems(flow, offset, at) : []
    }
    case 'text':
      return inExpression(flow, place, offset) ? expressionItems(flow, offset, at) : []
    default:
      return []
  }
}

function elementItems(test: boolean, replace: Range): CompletionItem[] {
  const items: CompletionItem[] = []
  const add = (name: string, doc: ElementDoc, kind: CompletionItemKind) => {
    if (doc.testOnly === true && !test) return
    items.push({
      label: name,
      kind,
      detail: doc.spec,
      documentation: markdown(doc.summary),
      textEdit: { range: replace, newText: name },
    })
  }
  for (const [name, doc] of Object.entries(ACTION_DOCS)) add(name, doc, CompletionItemKind.Function)
  for (const [name, doc] of Object.entries(CONTROL_DOCS)) {
    if (name !== 'flow' && name !== 'svc-test') add(name, doc, CompletionItemKind.Keyword)
  }
  return items
}

/** After `$`: variables set earlier, then the predefined ones; otherwise extension functions. */
function expressionItems(flow: FlowDocument, offset: number, at: FeatureContext): CompletionItem[] {
  const before = flow.text.slice(Math.max(0, offset - 200), offset)
  const variable = /\$([-\w.]*)$/.exec(before)
  if (variable) {
    const start = offset - variable[1]!.length
    const replace: Range = { start: at.document.positionAt(start), end: at.document.positionAt(offset) }
    const set = [...new Set(variablesSetBefore(flow, offset).map((setter) => setter.name))]
    const item = (name: string, detail: string): CompletionItem => ({
      label: name,
      kind: CompletionItemKind.Variable,
      detail,
      textEdit: { range: replace, newText: name },
    })
    // the flow's own variables first, then those every flow has (F-VAR-7) that it does not set itself
    const predefined = PREDEFINED_VARIABLES.filter((name) => !set.includes(name))
    return [
      ...set.map((name) => item(name, `$${name}`)),
      ...predefined.map((name) => item(name, `$${name} (predefined, F-VAR-7)`)),
    ]
  }
  const word = /[A-Za-z][-\w]*$/.exec(before)?.[0] ?? ''
  const replace: Range = { start: at.document.positionAt(offset - word.length), end: at.document.positionAt(offset) }
  return Object.entries(FUNCTION_DOCS)
    .filter(([, doc]) => doc.status === 'implemented')
    .map(([name, doc]) => ({
      label: name,
      kind: CompletionItemKind.Function,
      detail: doc.signature,
      documentation: markdown(`${doc.summary}\n\n(${doc.spec})`),
      textEdit: { range: replace, newText: name },
    }))
}

function definitionCompletions(at: FeatureContext, position: Position): CompletionItem[] {
  const lines = at.document.getText().split(/\r\n|\r|\n/)
  const line = lines[position.line] ?? ''
  const typed = line.slice(0, position.character)
  const match = /^(\s*)(["']?)([-\w]*)$/.exec(typed)
  if (!match) return []
  const level = levelOf(keyPathAt(lines, position.line, match[1]!.length))
  if (level === undefined) return []
  const start = { line: position.line, character: match[1]!.length + match[2]!.length }
  return Object.entries(EXTENSION_DOCS)
    .filter(([, doc]) => doc.levels.includes(level))
    .map(([key, doc]) => ({
      label: key,
      kind: CompletionItemKind.Property,
      detail: doc.value,
      documentation: markdown(`${doc.summary}\n\n(${doc.spec})`),
      textEdit: { range: { start, end: position }, newText: key },
    }))
}

function markdown(value: string) {
  return { kind: MarkupKind.Markdown, value }
}
