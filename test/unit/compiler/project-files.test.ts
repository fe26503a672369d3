import { join, resolve } from 'node:path'

import { describe, expect, it } from 'vitest'

import { compile } from '../../../compiler/index.js'
import { overlayFiles } from '../../../compiler/project-files.js'

const quickstart = resolve('examples/quickstart')
const definition = join(quickstart, 'definition.yaml')
const hello = join(quickstart, 'flows/hello.xml')

describe('compile with files laid over the disk', () => {
  it('checks the unsaved text of a flow instead of the file on disk', async () => {
    const onDisk = await compile(definition, { checkOnly: true })
    expect(onDisk.diagnostics.filter((d) => d.severity === 'error')).toEqual([])

    const broken = '<flow>\n  <eval out="$x">concat(</eval>\n</flow>\n'
    const result = await compile(definition, { checkOnly: true, files: overlayFiles(new Map([[hello, broken]])) })
    expect(result.ok).toBe(false)
    const error = result.diagnostics.find((d) => d.severity === 'error')
    expect(error?.loc.file.path).toBe(hello)
    expect(error?.loc.file.text).toBe(broken)
    expect(error?.code).toMatch(/^xpath\//)
  })

  it('lays an unsaved definition over the disk, and a flow only the editor holds counts as existing', async () => {
    const extra = join(quickstart, 'flows/unsaved-new.xml')
    const text = `swagger: "2.0"\ninfo: { title: t, version: "1" }\npaths:\n  /new:\n    get:\n      x-svc-flow: flows/unsaved-new.xml\n`
    const missing = await compile(definition, { checkOnly: true, files: overlayFiles(new Map([[definition, text]])) })
    expect(missing.diagnostics.map((d) => d.code)).toContain('project/missing-flow')

    const open = new Map([
      [definition, text],
      [extra, '<flow><dump in="\'new\'"/></flow>'],
    ])
    const present = await compile(definition, { checkOnly: true, files: overlayFiles(open) })
    expect(present.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    expect(present.modules.size).toBe(0)
  })
})
