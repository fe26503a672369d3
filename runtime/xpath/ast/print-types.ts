/**
 * Printing of the type parts of XQueryX trees (xpath-functions.md section 12): node tests, item and
 * sequence types, single types of casts, and names (`prefix:local`, `Q{uri}local`).
 */
import { childTagged, type XqxNode } from './xqx-node.js'

export function printNodeTest(test: XqxNode): string {
  switch (test.tag) {
    case 'nameTest':
      return qualifiedName(test)
    case 'Wildcard': {
      if (test.children.length === 0) return '*'
      const [a, b] = test.children
      if (a?.tag === 'star' && b?.tag === 'NCName') return `*:${textOf(b)}`
      if (a?.tag === 'NCName' && b?.tag === 'star') return `${textOf(a)}:*`
      if (a?.tag === 'uri') return `Q{${textOf(a)}}*`
      return '*'
    }
    default:
      return printItemType(test)
  }
}

function printItemType(type: XqxNode): string {
  switch (type.tag) {
    case 'atomicType':
      return qualifiedName(type)
    case 'anyItemType':
      return 'item()'
    case 'anyKindTest':
      return 'node()'
    case 'textTest':
      return 'text()'
    case 'commentTest':
      return 'comment()'
    case 'namespaceTest':
      return 'namespace-node()'
    case 'piTest': {
      const target = childTagged(type, 'piTarget')
      return `processing-instruction(${target ? textOf(target) : ''})`
    }
    case 'documentTest':
      return `document-node(${type.children[0] ? printItemType(type.children[0]) : ''})`
    case 'elementTest':
    case 'attributeTest': {
      const nameElement = childTagged(type, type.tag === 'elementTest' ? 'elementName' : 'attributeName')
      const name = nameElement ? (childTagged(nameElement, 'star') ? '*' : qualifiedName(nameElement.children[0]!)) : ''
      const typeName = childTagged(type, 'typeName')
      const nillable = childTagged(type, 'nillable') ? '?' : ''
      const args = typeName ? `${name}, ${qualifiedName(typeName)}${nillable}` : name
      return `${type.tag === 'elementTest' ? 'element' : 'attribute'}(${args})`
    }
    case 'schemaElementTest':
      return `schema-element(${qualifiedName(type)})`
    case 'schemaAttributeTest':
      return `schema-attribute(${qualifiedName(type)})`
    case 'anyFunctionTest':
      return 'function(*)'
    case 'typedFunctionTest': {
      const params = childTagged(type, 'paramTypeList')
      const result = type.children.find((c) => c.tag === 'sequenceType')!
      return `function(${(params?.children ?? []).map(printSequenceType).join(', ')}) as ${printSequenceType(result)}`
    }
    case 'anyMapTest':
      return 'map(*)'
    case 'typedMapTest':
      return `map(${printItemType(type.children[0]!)}, ${printSequenceType(type.children[1]!)})`
    case 'anyArrayTest':
      return 'array(*)'
    case 'typedArrayTest':
      return `array(${printSequenceType(type.children[0]!)})`
    case 'parenthesizedItemType':
      return `(${printItemType(type.children[0]!)})`
    default:
      throw new Error(`internal error: cannot print type ${type.tag}`)
  }
}

export function printSequenceType(type: XqxNode): string {
  if (type.children[0]?.tag === 'voidSequenceType') return 'empty-sequence()'
  const item = type.children.find((c) => c.tag !== 'occurrenceIndicator')
  const occurrence = childTagged(type, 'occurrenceIndicator')
  return `${item ? printItemType(item) : 'item()'}${occurrence ? textOf(occurrence) : ''}`
}

export function printSingleType(type: XqxNode): string {
  return `${printItemType(type.children[0]!)}${childTagged(type, 'optional') ? '?' : ''}`
}

/** `prefix:local`, `local`, or `Q{uri}local` for a name element. */
export function qualifiedName(node: XqxNode): string {
  const local = textOf(node)
  const prefix = node.attrs['prefix']
  if (prefix) return `${prefix}:${local}`
  if (prefix === undefined && node.attrs['URI'] !== undefined) return `Q{${node.attrs['URI']}}${local}`
  return local
}

export function textOf(node: XqxNode | undefined): string {
  return node?.text ?? ''
}
