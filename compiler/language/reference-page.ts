/**
 * docs/reference.md, generated from the documentation table: every action, control element,
 * extension function and `x-svc-*` extension in one page. A unit test keeps the checked-in page
 * equal to this text (UPDATE_GOLDEN=1 rewrites it).
 */
import {
  ACTION_DOCS,
  type AttributeDoc,
  COMMON_ATTRIBUTES,
  CONTROL_DOCS,
  type ControlElement,
  type ElementDoc,
} from '../flow/action-docs.js'
import type { ActionKind } from '../ir/statements.js'
import { EXTENSION_DOCS, type ExtensionLevel } from './extension-docs.js'
import { FUNCTION_DOCS } from './function-docs.js'

const BODY_TEXT: Readonly<Record<ElementDoc['body'], string>> = {
  empty: 'empty',
  text: 'literal text',
  expression: 'one expression',
  template: 'JSON template',
  actions: 'actions and control elements',
  special: 'child elements',
}

const LEVEL_TEXT: Readonly<Record<ExtensionLevel, string>> = {
  top: 'top',
  paths: 'paths',
  path: 'path item',
  operation: 'operation',
  scheme: 'security scheme',
}

/** Table cells may not hold `|` or line breaks; `<` outside code spans would start HTML. */
function cell(text: string): string {
  const escaped = text
    .split('`')
    .map((part, i) => (i % 2 === 0 ? part.replace(/</g, '&lt;') : part))
    .join('`')
  return escaped.replace(/\|/g, '\\|').replace(/\n/g, ' ')
}

function attributeRow(name: string, attribute: AttributeDoc): string {
  const type = attribute.values !== undefined ? attribute.values.map((v) => `\`${v}\``).join(', ') : attribute.kind
  const fallback = attribute.default === undefined ? '' : attribute.default === '' ? '`""`' : `\`${attribute.default}\``
  const flags = [attribute.required ? 'required' : '', attribute.dynamic ? '`{expr}`' : '']
    .filter((f) => f !== '')
    .join(', ')
  return `| \`${name}\` | ${cell(type)} | ${fallback} | ${flags} | ${cell(attribute.summary)} |`
}

function elementSection(name: string, doc: ElementDoc, level = '###', isAction = false): string {
  const notes = [`Body: ${BODY_TEXT[doc.body]}.`]
  if (doc.terminating) notes.push('Ends the flow run.')
  if (doc.testOnly) notes.push('Only in `svc-test` documents.')
  let out = `${level} \`${name}\`\n\n${doc.summary} ${notes.join(' ')} (${doc.spec})\n\n`
  // the common if and debug of actions are said once, at the top of the page
  const attributes = Object.entries(doc.attributes).filter(
    ([attribute]) => !isAction || !(attribute in COMMON_ATTRIBUTES),
  )
  if (attributes.length > 0) {
    out += '| Attribute | Type or values | Default | Notes | Meaning |\n|---|---|---|---|---|\n'
    out += attributes.map(([attribute, value]) => attributeRow(attribute, value)).join('\n')
    out += '\n\n'
  }
  for (const [child, childDoc] of Object.entries(doc.children ?? {}))
    out += elementSection(`${name}/${child}`, childDoc, '####')
  return out
}

export function referencePage(): string {
  let out = `# Reference

Generated from the documentation table in \`compiler/language/\` (the same table feeds the editor schemas
and the language server); do not edit: \`UPDATE_GOLDEN=1 npx vitest run test/unit/compiler/language\`
rewrites it. Rule ids point into the specification. Every action also accepts \`if\` and \`debug\`
(ACT-COMMON-1); \`{expr}\` marks attributes whose value may contain \`{expression}\` parts (F-EXPR-4).

## Actions

`
  const kinds = (Object.keys(ACTION_DOCS) as ActionKind[]).sort()
  for (const kind of kinds.filter((k) => ACTION_DOCS[k].testOnly !== true))
    out += elementSection(kind, ACTION_DOCS[kind], '###', true)
  out += '## Test actions\n\n'
  for (const kind of kinds.filter((k) => ACTION_DOCS[k].testOnly === true))
    out += elementSection(kind, ACTION_DOCS[kind], '###', true)
  out += elementSection('backend-flow', CONTROL_DOCS['backend-flow'])
  out += '## Documents and control elements\n\n'
  for (const name of Object.keys(CONTROL_DOCS) as ControlElement[]) {
    if (name !== 'backend-flow') out += elementSection(name, CONTROL_DOCS[name])
  }
  out += '## Extension functions\n\nCalled without prefix (FN-0-1).\n\n| Function | Meaning | Rule |\n|---|---|---|\n'
  for (const doc of Object.values(FUNCTION_DOCS).sort((a, b) => (a.signature < b.signature ? -1 : 1))) {
    const status = doc.status === 'implemented' ? '' : ' Not supported yet (XC-10).'
    out += `| \`${cell(doc.signature)}\` | ${cell(doc.summary)}${status} | ${doc.spec} |\n`
  }
  out +=
    '\n## Definition extensions\n\nRecognized only at the levels listed (D19); other `x-svc-*` keys are errors (D20).\n\n| Extension | Levels | Value | Meaning | Rule |\n|---|---|---|---|---|\n'
  for (const [key, doc] of Object.entries(EXTENSION_DOCS)) {
    const levels =
      doc.levels.map((level) => LEVEL_TEXT[level]).join(', ') +
      (doc.schemeType === undefined ? '' : ` (${doc.schemeType})`)
    out += `| \`${key}\` | ${levels} | ${cell(doc.value)} | ${cell(doc.summary)} | ${doc.spec} |\n`
  }
  return out
}
