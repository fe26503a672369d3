/**
 * The XML Schema (XSD 1.0) of flow and test documents, generated from the documentation table
 * (ACTION_DOCS, CONTROL_DOCS), so that every action, attribute and allowed value an editor offers is
 * the one the compiler accepts. What XSD 1.0 can say, it says: the closed set of elements (F-DOC-5),
 * test actions only inside `svc-test` (and `proxy-request` not there, ACT-proxy-request-1), no
 * `backend-flow` inside another, `elseif`/`else` only after `if` (F-CTL-2, F-CTL-3), body kinds
 * (F-DOC-7), required attributes and static values. What it cannot say (exactly one of `xpath` and
 * `in`, body or `src`) stays in the attribute documentation and the compiler's diagnostics.
 */
import { ACTION_DOCS, type AttributeDoc, CONTROL_DOCS, type ElementDoc } from '../flow/action-docs.js'
import type { ActionKind } from '../ir/statements.js'

/** The three kinds of container content: a flow, a test document, a backend flow inside one. */
type Context = 'flow' | 'test' | 'backend'

const XS = 'http://www.w3.org/2001/XMLSchema'

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

function documentation(text: string, indent: string): string {
  return `${indent}<xs:annotation><xs:documentation>${escapeXml(text)}</xs:documentation></xs:annotation>\n`
}

function elementText(name: string, doc: ElementDoc): string {
  const notes = [doc.summary]
  if (doc.terminating) notes.push('Ends the flow run.')
  if (doc.testOnly) notes.push('Only in svc-test documents.')
  return `<${name}>: ${notes.join(' ')} (${doc.spec})`
}

function attributeText(name: string, attribute: AttributeDoc, spec: string): string {
  const notes = [attribute.summary]
  if (attribute.default !== undefined) notes.push(`Default: ${attribute.default === '' ? '""' : attribute.default}.`)
  if (attribute.dynamic) notes.push('Accepts {expr} parts.')
  return `${name}: ${notes.join(' ')} (${spec})`
}

/** Which actions may stand in a context (flows.md F-DOC-5, ACT-proxy-request-1). */
function actionsOf(context: Context): ActionKind[] {
  return (Object.keys(ACTION_DOCS) as ActionKind[])
    .filter((kind) => context !== 'flow' || ACTION_DOCS[kind].testOnly !== true)
    .filter((kind) => context === 'flow' || kind !== 'proxy-request')
    .sort()
}

function attributeType(attribute: AttributeDoc): string | { values: readonly string[] } {
  if (attribute.values !== undefined) return { values: attribute.values }
  if (attribute.kind === 'variable') return 'variable'
  if (attribute.kind === 'request-id' && attribute.dynamic !== true) return 'request-id-or-empty'
  return 'xs:string'
}

function attributes(doc: ElementDoc, indent: string): string {
  let out = ''
  for (const [name, attribute] of Object.entries(doc.attributes)) {
    const type = attributeType(attribute)
    const use = attribute.required ? ' use="required"' : ''
    const text = documentation(attributeText(name, attribute, doc.spec), `${indent}  `)
    if (typeof type === 'string') {
      out += `${indent}<xs:attribute name="${name}" type="${type}"${use}>\n${text}${indent}</xs:attribute>\n`
    } else {
      const values = type.values
        .map((value) => `${indent}      <xs:enumeration value="${escapeXml(value)}"/>\n`)
        .join('')
      out +=
        `${indent}<xs:attribute name="${name}"${use}>\n${text}` +
        `${indent}  <xs:simpleType>\n${indent}    <xs:restriction base="xs:string">\n${values}${indent}    </xs:restriction>\n${indent}  </xs:simpleType>\n` +
        `${indent}</xs:attribute>\n`
    }
  }
  return out
}

/** A complex type for an element whose body is not `actions` (those depend on the context). */
function leafType(typeName: string, doc: ElementDoc): string {
  switch (doc.body) {
    case 'empty':
      return `  <xs:complexType name="${typeName}">\n    <xs:simpleContent>\n      <xs:extension base="whitespace">\n${attributes(doc, '        ')}      </xs:extension>\n    </xs:simpleContent>\n  </xs:complexType>\n`
    case 'text':
    case 'expression':
    case 'template':
      return `  <xs:complexType name="${typeName}">\n    <xs:simpleContent>\n      <xs:extension base="xs:string">\n${attributes(doc, '        ')}      </xs:extension>\n    </xs:simpleContent>\n  </xs:complexType>\n`
    case 'special': {
      const children = Object.entries(doc.children ?? {})
      const occurs = typeName === 'action.auth' ? '' : ' minOccurs="0"'
      const particles = children
        .map(
          ([name, child]) =>
            `      <xs:element name="${name}" type="${typeName}.${name}">\n${documentation(elementText(name, child), '        ')}      </xs:element>\n`,
        )
        .join('')
      const nested = children.map(([name, child]) => leafType(`${typeName}.${name}`, child)).join('')
      return `  <xs:complexType name="${typeName}">\n    <xs:choice${occurs} maxOccurs="unbounded">\n${particles}    </xs:choice>\n${attributes(doc, '    ')}  </xs:complexType>\n${nested}`
    }
    case 'actions':
      throw new Error(`<${typeName}> holds statements: use blockType`)
  }
}

/** A container type of `context` with `doc`'s attributes. */
function blockType(typeName: string, context: Context, doc: ElementDoc): string {
  return `  <xs:complexType name="${typeName}">\n    <xs:group ref="statements.${context}" minOccurs="0" maxOccurs="unbounded"/>\n${attributes(doc, '    ')}  </xs:complexType>\n`
}

function particle(name: string, type: string, doc: ElementDoc, occurs = ''): string {
  return `      <xs:element name="${name}" type="${type}"${occurs}>\n${documentation(elementText(name, doc), '        ')}      </xs:element>\n`
}

/** The statements of a context: its actions, `break`, `return`, and `if` chains (F-CTL-4). */
function statementsGroup(context: Context): string {
  let choice = ''
  for (const kind of actionsOf(context)) choice += particle(kind, `action.${kind}`, ACTION_DOCS[kind])
  if (context === 'test') choice += particle('backend-flow', 'backend-flow', CONTROL_DOCS['backend-flow'])
  choice += particle('break', 'control.break', CONTROL_DOCS.break)
  choice += particle('return', 'control.return', CONTROL_DOCS.return)
  const chain =
    `      <xs:sequence>\n` +
    particle('if', `if.${context}`, CONTROL_DOCS.if).replace(/^/gm, '  ') +
    particle('elseif', `elseif.${context}`, CONTROL_DOCS.elseif, ' minOccurs="0" maxOccurs="unbounded"').replace(
      /^/gm,
      '  ',
    ) +
    particle('else', `else.${context}`, CONTROL_DOCS.else, ' minOccurs="0"').replace(/^/gm, '  ') +
    `      </xs:sequence>\n`
  return `  <xs:group name="statements.${context}">\n    <xs:choice>\n${choice}${chain}    </xs:choice>\n  </xs:group>\n`
}

const HEADER = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generated from the documentation table of compiler/language; do not edit. -->
<xs:schema xmlns:xs="${XS}" elementFormDefault="unqualified">
${documentation('svc-gateway flow documents (root <flow>) and test documents (root <svc-test>): flows.md, actions.md.', '  ')}`

const SIMPLE_TYPES = `  <xs:simpleType name="whitespace">
    <xs:restriction base="xs:string"><xs:pattern value="[ &#9;&#10;&#13;]*"/></xs:restriction>
  </xs:simpleType>
  <xs:simpleType name="variable">
${documentation('A variable name: $ then a letter or _, then letters, digits, _ or - (F-VAR-1).', '    ')}    <xs:restriction base="xs:string"><xs:pattern value="\\$[A-Za-z_][A-Za-z0-9_\\-]*"/></xs:restriction>
  </xs:simpleType>
  <xs:simpleType name="request-id-or-empty">
${documentation('A request ID: a letter or _, then letters, digits, _ or - (UP-GEN-2); empty for none.', '    ')}    <xs:restriction base="xs:string"><xs:pattern value="([A-Za-z_][A-Za-z0-9_\\-]*)?"/></xs:restriction>
  </xs:simpleType>
`

/** The XSD text (deterministic: the same table gives the same bytes). */
export function flowSchema(): string {
  let out = HEADER
  out += `  <xs:element name="flow" type="block.flow">\n${documentation(elementText('flow', CONTROL_DOCS.flow), '    ')}  </xs:element>\n`
  out += `  <xs:element name="svc-test" type="block.test">\n${documentation(elementText('svc-test', CONTROL_DOCS['svc-test']), '    ')}  </xs:element>\n`
  out += SIMPLE_TYPES
  const contexts: Context[] = ['flow', 'test', 'backend']
  for (const context of contexts) {
    out += statementsGroup(context)
    out += blockType(`block.${context}`, context, CONTROL_DOCS.flow)
    out += blockType(`if.${context}`, context, CONTROL_DOCS.if)
    out += blockType(`elseif.${context}`, context, CONTROL_DOCS.elseif)
    out += blockType(`else.${context}`, context, CONTROL_DOCS.else)
  }
  out += blockType('backend-flow', 'backend', CONTROL_DOCS['backend-flow'])
  out += leafType('control.break', CONTROL_DOCS.break)
  out += leafType('control.return', CONTROL_DOCS.return)
  for (const kind of (Object.keys(ACTION_DOCS) as ActionKind[]).sort())
    out += leafType(`action.${kind}`, ACTION_DOCS[kind])
  return `${out}</xs:schema>\n`
}
