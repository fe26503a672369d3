/**
 * The generated XSD against real documents: every flow and test document under examples/ and
 * test/fixtures/ that compiles without errors is valid (checked with libxml2's xmllint, compiled to
 * WebAssembly, offline), and documents the compiler rejects for a misplaced or unknown element or a
 * bad attribute value are invalid. Warnings: the schema also rejects what the compiler ignores with a
 * warning (an unknown attribute or set-config setting), so documents with such warnings are left out.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

import { beforeAll, describe, expect, it } from 'vitest'
import { validateXML } from 'xmllint-wasm'

import { DiagnosticBag } from '../../../../compiler/diagnostics/index.js'
import { compileFlowFile } from '../../../../compiler/flow/index.js'
import { flowSchema } from '../../../../compiler/language/flow-schema.js'
import { expressionParser } from '../../../../compiler/xpath/index.js'

const REPO = fileURLToPath(new URL('../../../../', import.meta.url))
/** Warnings for what the schema rejects on purpose (docs/decisions.md). */
const REJECTED_WARNINGS = new Set(['flow/unknown-attribute', 'flow/unknown-setting', 'flow/root-attribute'])

function xmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (entry) =>
        entry.isFile() && entry.name.endsWith('.xml') && !join(entry.parentPath, entry.name).includes(`${'/'}dist/`),
    )
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

/** The nearest folder above `file` holding a definition: the site root its references resolve in. */
function siteRootOf(file: string): string {
  for (let dir = dirname(file); dir.startsWith(REPO); dir = dirname(dir)) {
    if (['definition.yaml', 'definition.yml', 'definition.json'].some((name) => existsSync(join(dir, name)))) return dir
  }
  return dirname(file)
}

function rootName(text: string): string | undefined {
  return /<([A-Za-z][\w.-]*)[\s/>]/.exec(text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''))?.[1]
}

interface Document {
  readonly name: string
  readonly text: string
}

/** Documents with root flow or svc-test that compile alone without errors (and without the warnings above). */
function compilingDocuments(): Document[] {
  const documents: Document[] = []
  for (const file of [...xmlFiles(join(REPO, 'examples')), ...xmlFiles(join(REPO, 'test/fixtures'))]) {
    const text = readFileSync(file, 'utf8')
    const root = rootName(text)
    if (root !== 'flow' && root !== 'svc-test') continue
    const siteRoot = siteRootOf(file)
    const bag = new DiagnosticBag()
    compileFlowFile(
      file,
      text,
      { siteRoot, parseExpression: expressionParser({ siteRoot }), test: root === 'svc-test' },
      bag,
    )
    if (bag.hasErrors || bag.sorted().some((d) => REJECTED_WARNINGS.has(d.code))) continue
    documents.push({ name: relative(REPO, file), text })
  }
  return documents
}

async function errorsOf(documents: readonly Document[], schema: string): Promise<Map<string, string[]>> {
  const result = await validateXML({
    xml: documents.map((d, i) => ({ fileName: `doc${i}.xml`, contents: d.text })),
    schema: [{ fileName: 'flow.xsd', contents: schema }],
  })
  const byFile = new Map<string, string[]>()
  for (const error of result.errors) {
    if (error.loc === null && / fails to validate$/.test(error.message)) continue // the summary line of a file reported above
    const index = Number(/^doc(\d+)\.xml$/.exec(error.loc?.fileName ?? '')?.[1] ?? -1)
    const name = documents[index]?.name ?? error.loc?.fileName ?? '?'
    byFile.set(name, [...(byFile.get(name) ?? []), error.message])
  }
  if (!result.valid && byFile.size === 0) byFile.set('?', [result.rawOutput])
  return byFile
}

let schema: string
beforeAll(() => {
  schema = flowSchema()
})

describe('flow schema', () => {
  it('is the same text on every call', () => {
    expect(flowSchema()).toBe(schema)
  })

  it('accepts every flow and test document of examples/ and test/fixtures/ that compiles', async () => {
    const documents = compilingDocuments()
    expect(documents.length).toBeGreaterThan(150)
    expect(documents.some((d) => d.text.includes('<svc-test'))).toBe(true)
    expect(Object.fromEntries(await errorsOf(documents, schema))).toEqual({})
  }, 120_000)

  const BROKEN: Record<string, string> = {
    'unknown action': '<flow><requets>{}</requets></flow>',
    'test action in a flow': '<flow><assert>[]</assert></flow>',
    'proxy-request in a test': '<svc-test><proxy-request>{ "url": "http://a.test" }</proxy-request></svc-test>',
    'backend-flow in a backend-flow': '<svc-test><backend-flow><backend-flow/></backend-flow></svc-test>',
    'test action in a flow inside if': '<flow><if test="true()"><set-env>{}</set-env></if></flow>',
    'elseif without if': '<flow><eval>1</eval><elseif test="true()"/></flow>',
    'else before elseif': '<flow><if test="1"/><else/><elseif test="2"/></flow>',
    'if without test': '<flow><if><eval>1</eval></if></flow>',
    'if attribute on if': '<flow><if test="1" if="2"/></flow>',
    'bad boolean': '<flow><template check="yes">{}</template></flow>',
    'bad debug level': '<flow><debug level="loud" xpath="1"/></flow>',
    'bad out variable': '<flow><eval out="x">1</eval></flow>',
    'missing required attribute': '<flow><regex pattern="/a/"/></flow>',
    'text in an empty action': '<flow><set-status code="200">x</set-status></flow>',
    'child element in a text body': '<flow><echo><b>x</b></echo></flow>',
    'text in a container': '<flow>hello</flow>',
    'other root': '<flows/>',
    'auth without user': '<flow><auth/></flow>',
    'bad set-config value': '<flow><set-config><svc><validation response="maybe"/></svc></set-config></flow>',
    'unknown set-config setting': '<flow><set-config><svc><logging level="1"/></svc></set-config></flow>',
  }

  it('rejects each of a set of broken documents', async () => {
    const documents = Object.entries(BROKEN).map(([name, text]) => ({ name, text }))
    const errors = await errorsOf(documents, schema)
    for (const { name } of documents) expect(errors.get(name), name).toBeDefined()
  }, 60_000)
})
