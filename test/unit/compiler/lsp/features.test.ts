import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import { describe, expect, it } from 'vitest'
import { TextDocument } from 'vscode-languageserver-textdocument'

import { EXTENSION_DOCS, FUNCTION_DOCS } from '../../../../compiler/language/index.js'
import { completionsAt } from '../../../../compiler/lsp/completion.js'
import { definitionAt } from '../../../../compiler/lsp/definition.js'
import { hoverAt } from '../../../../compiler/lsp/hover.js'

const site = resolve('examples/quickstart')

/** The feature context of `marked` (its `|` is the cursor) as the file `name` of the quickstart. */
function at(name: string, marked: string) {
  const offset = marked.indexOf('|')
  const text = marked.slice(0, offset) + marked.slice(offset + 1)
  const path = join(site, name)
  const document = TextDocument.create(pathToFileURL(path).href, 'xml', 1, text)
  return { context: { document, path, siteRoot: site }, position: document.positionAt(offset), document }
}

const labels = (name: string, marked: string) => {
  const { context, position } = at(name, marked)
  return completionsAt(context, position).map((item) => item.label)
}

describe('completion', () => {
  it('offers actions, test actions only in svc-test documents', () => {
    expect(labels('flows/a.xml', '<flow><|</flow>')).toEqual(expect.arrayContaining(['eval', 'dump', 'if', 'sub-flow']))
    expect(labels('flows/a.xml', '<flow><te|</flow>')).not.toContain('test-request')
    expect(labels('tests/a.xml', '<svc-test><te|</svc-test>')).toContain('test-request')
  })

  it('offers the attributes not written yet, and fixed values', () => {
    expect(labels('flows/a.xml', '<flow><dump in="$x" |/></flow>')).toEqual(
      expect.arrayContaining(['minify', 'status', 'if']),
    )
    expect(labels('flows/a.xml', '<flow><dump in="$x" |/></flow>')).not.toContain('in')
    expect(labels('flows/a.xml', '<flow><dump minify="|"/></flow>')).toEqual(['true', 'false'])
  })

  it('offers implemented extension functions in expressions and variables after $', () => {
    const functions = labels('flows/a.xml', '<flow><if test="json-|"/></flow>')
    expect(functions).toContain('json-parse')
    expect(functions.length).toBe(Object.values(FUNCTION_DOCS).filter((doc) => doc.status === 'implemented').length)
    expect(
      labels(
        'flows/a.xml',
        '<flow><eval out="$a">1</eval><copy out="$b"/><if test="$|"/><eval out="$c">2</eval></flow>',
      ),
    ).toEqual(['a', 'b', 'body', 'env', 'request', 'server', 'upstream', 'error'])
    // a predefined variable the flow sets itself is offered once, among its own
    expect(labels('flows/a.xml', '<flow><eval out="$body">1</eval><if test="$|"/></flow>')).toEqual([
      'body',
      'env',
      'request',
      'server',
      'upstream',
      'error',
    ])
    expect(labels('flows/a.xml', '<flow><log>text |</log></flow>')).toEqual([])
    expect(labels('flows/a.xml', '<flow><log>text {{ con| }}</log></flow>')).toContain('concat')
  })

  it('offers the x-svc keys of the level in a definition', () => {
    expect(labels('definition.yaml', 'swagger: "2.0"\nx-svc-|')).toEqual(
      Object.keys(EXTENSION_DOCS).filter((key) => EXTENSION_DOCS[key]!.levels.includes('top')),
    )
    expect(labels('definition.yaml', 'swagger: "2.0"\npaths:\n  /a:\n    get:\n      x-|')).toEqual(
      expect.arrayContaining(['x-svc-flow', 'x-svc-proxy', 'x-svc-validate']),
    )
    expect(labels('definition.yaml', 'swagger: "2.0"\npaths:\n  /a:\n    get:\n      x-|')).not.toContain('x-svc-init')
  })
})

describe('other files of the workspace', () => {
  it('are left alone', () => {
    expect(labels('pom.xml', '<project><|</project>')).toEqual([])
    expect(labels('ci.yaml', 'jobs:\n  x-|')).toEqual([])
  })
})

describe('hover', () => {
  it('describes functions in expressions and x-svc keys', () => {
    const fn = at('flows/a.xml', '<flow><eval>json-pa|rse($x)</eval></flow>')
    expect(JSON.stringify(hoverAt(fn.context, fn.position))).toContain('json-parse(')
    const key = at('definition.yaml', 'swagger: "2.0"\nx-svc-in|it: flows/init.xml\n')
    expect(JSON.stringify(hoverAt(key.context, key.position))).toContain(
      JSON.stringify(EXTENSION_DOCS['x-svc-init']!.summary).slice(1, -1),
    )
  })
})

describe('go to definition', () => {
  it('goes from sub-flow src to the file, relative to the flow file', () => {
    const { context, position } = at('flows/item.xml', '<flow><sub-flow src="check-|id.xml"/></flow>')
    expect(definitionAt(context, position)?.uri).toBe(pathToFileURL(join(site, 'flows/check-id.xml')).href)
  })

  it('goes from a variable to the out attribute that sets it', () => {
    const { context, position, document } = at(
      'flows/a.xml',
      '<flow><eval out="$name">1</eval><dump in="concat($na|me, 1)"/></flow>',
    )
    const target = definitionAt(context, position)
    expect(target?.range.start).toEqual(document.positionAt(document.getText().indexOf('$name')))
  })

  it('goes from the flow form of x-svc-error to the file', () => {
    const { context, position } = at('definition.yaml', 'swagger: "2.0"\nx-svc-error:\n  flow: flows/hel|lo.xml\n')
    expect(definitionAt(context, position)?.uri).toBe(pathToFileURL(join(site, 'flows/hello.xml')).href)
  })
})
