import { join, resolve } from 'node:path'

import { describe, expect, it } from 'vitest'

import { checkProject } from '../../../../compiler/lsp/check.js'

const site = resolve('examples/quickstart')
const definition = join(site, 'definition.yaml')

describe('checkProject', () => {
  it('reports an error inside a template of an unsaved flow, and lists every file read (to clear them)', async () => {
    const item = join(site, 'flows/item.xml')
    const text = '<flow>\n  <template in="$request">{ "id": {{ number(params/id }} }</template>\n</flow>\n'
    const { byFile } = await checkProject(definition, new Map([[item, text]]), [item])
    const diagnostics = byFile.get(item) ?? []
    expect(diagnostics.length).toBeGreaterThan(0)
    expect(diagnostics[0]!.loc.file.text).toBe(text)
    expect(diagnostics[0]!.loc.start).toBeGreaterThan(text.indexOf('{{'))
    expect(byFile.get(join(site, 'flows/hello.xml'))).toEqual([])
    expect(byFile.get(definition)).toEqual([])
  })

  it('checks an open test document on its own, with test actions allowed', async () => {
    const test = join(site, 'tests/new.xml')
    const ok = await checkProject(
      definition,
      new Map([[test, '<svc-test><test-request>{ "path": "/api/hello" }</test-request></svc-test>']]),
      [test],
    )
    expect(ok.byFile.get(test)).toEqual([])
    const broken = await checkProject(definition, new Map([[test, '<svc-test><eval>concat(</eval></svc-test>']]), [
      test,
    ])
    expect(broken.byFile.get(test)?.[0]?.code).toMatch(/^xpath\//)
  })

  it('checks a flow without a definition on its own', async () => {
    const lone = join(site, 'nowhere/lone.xml')
    const { byFile } = await checkProject(null, new Map([[lone, '<flow><test-request/></flow>']]), [lone])
    expect(byFile.get(lone)?.map((d) => d.severity)).toContain('error')
  })

  it('leaves XML that is neither a flow nor a test document alone', async () => {
    const pom = join(site, 'pom.xml')
    const { byFile } = await checkProject(null, new Map([[pom, '<project><eval>concat(</eval></project>']]), [pom])
    expect(byFile.has(pom)).toBe(false)
  })
})
