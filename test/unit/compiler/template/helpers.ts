/**
 * Test helpers for templates: parse template text placed at line 3, column 3 of `flows/order.xml`
 * (the position templates.md T-EX-38 assumes), emit it, load the generated module and run it with a
 * real FlowContext.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { DiagnosticBag } from '../../../../compiler/diagnostics/diagnostic.js'
import { formatReport } from '../../../../compiler/diagnostics/format.js'
import { createSourceFile, type SubSource, subSource } from '../../../../compiler/diagnostics/source.js'
import { EmitContext } from '../../../../compiler/emit/context.js'
import { emitTemplate } from '../../../../compiler/emit/template.js'
import type { TemplateNode } from '../../../../compiler/ir/template.js'
import { parseTemplate } from '../../../../compiler/template/index.js'
import { type CompiledTemplate, createLogger, EMPTY, FlowContext } from '../../../../runtime/index.js'

export const SITE = '/site'
const PREFIX = '<flow>\n  <!-- template -->\n  '

/** The template as a SubSource of `flows/order.xml`, starting at line 3, column 3. */
export function templateSource(template: string, path = 'flows/order.xml'): SubSource {
  const file = createSourceFile(`${SITE}/${path}`, PREFIX + template + '\n')
  return subSource(file, template, undefined, PREFIX.length)
}

export interface Parsed {
  readonly node: TemplateNode | undefined
  /** Diagnostics as printed, paths relative to the site root, without frames or summary. */
  readonly lines: string[]
}

export function parse(template: string): Parsed {
  const bag = new DiagnosticBag()
  const node = parseTemplate(templateSource(template), bag)
  return { node, lines: reportLines(bag) }
}

export function reportLines(bag: DiagnosticBag): string[] {
  return formatReport(bag.sorted(), { cwd: SITE, frames: false })
    .split('\n')
    .filter((line) => line !== '' && !/^\d+ errors?, \d+ warnings?$/.test(line))
}

/** Emits the templates into one module (as a flow module would hold them) and returns its text. */
export function emitModule(nodes: readonly TemplateNode[], action = 'template'): string {
  const ctx = new EmitContext({ siteRoot: SITE, flows: new Map() }, 'flows/order.ts')
  const names = nodes.map((node) => emitTemplate(node, ctx, { at: ctx.at(node.loc), action }))
  return [
    ...ctx.imports().map(String),
    ...ctx.constants().map(String),
    `export const TEMPLATES = [${names.map((name) => name.text).join(', ')}]`,
    '',
  ].join('\n')
}

/** Parses (expecting no diagnostics), emits and loads templates; returns them in order. */
export async function compileTemplates(templates: readonly string[], action = 'template'): Promise<CompiledTemplate[]> {
  const nodes = templates.map((template) => {
    const { node, lines } = parse(template)
    if (!node) throw new Error(`template ${JSON.stringify(template)} does not compile:\n${lines.join('\n')}`)
    return node
  })
  const dir = mkdtempSync(join(tmpdir(), 'svc-template-'))
  try {
    const path = join(dir, 'templates.ts')
    writeFileSync(path, emitModule(nodes, action))
    const module = (await import(path)) as { TEMPLATES: CompiledTemplate[] }
    return module.TEMPLATES
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A FlowContext with the given global variables; log lines go to `logLines`. */
export function newContext(vars: Record<string, readonly unknown[]> = {}, logLines: string[] = []): FlowContext {
  const ctx = new FlowContext(
    { siteRoot: SITE, logger: createLogger((line) => logLines.push(line)), env: EMPTY, server: EMPTY },
    'req-1',
    new AbortController().signal,
  )
  for (const [name, value] of Object.entries(vars)) ctx.vars.set(name, value as never)
  return ctx
}
