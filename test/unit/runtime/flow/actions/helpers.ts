/**
 * Helpers for the action tests: temporary project folders, compiling one flow with the real
 * expression stage (diagnostics as printed), and running it as generated code (emitted, written,
 * imported) against a real FlowContext whose gateway reads the project folder as its site copy.
 * Stylesheets are compiled by the real build stage; the XSLT engine is loaded from node_modules.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { DiagnosticBag } from '../../../../../compiler/diagnostics/diagnostic.js'
import { formatReport } from '../../../../../compiler/diagnostics/format.js'
import { createSourceFile, locAt } from '../../../../../compiler/diagnostics/source.js'
import { identifier } from '../../../../../compiler/emit/code.js'
import { EmitContext, type FlowSymbol } from '../../../../../compiler/emit/context.js'
import { emitFlowBody } from '../../../../../compiler/emit/flow-body.js'
import { compileFlowFile, loadFlows } from '../../../../../compiler/flow/index.js'
import type { FlowNode } from '../../../../../compiler/ir/flow.js'
import { parseExpression } from '../../../../../compiler/xpath/index.js'
import { compileStylesheets } from '../../../../../compiler/xslt/compile-stylesheets.js'
import {
  type ClientRequest,
  type Completion,
  Content,
  createLogger,
  type DebugLevel,
  EMPTY,
  FlowContext,
  type FlowFunction,
  type GatewayServices,
  type Sequence,
  XsltEngine,
} from '../../../../../runtime/index.js'

/** A temporary project folder holding `files` (text or bytes); removed by `removeSite`. */
export function makeSite(files: Record<string, string | Uint8Array> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'svc-actions-'))
  for (const [path, content] of Object.entries(files)) writeSiteFile(root, path, content)
  return root
}

export function writeSiteFile(root: string, path: string, content: string | Uint8Array): void {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), content)
}

export function removeSite(root: string): void {
  rmSync(root, { recursive: true, force: true })
}

/** Diagnostics as printed (no frames, paths relative to the site), without the summary line. */
export function printed(bag: DiagnosticBag, root: string): string[] {
  return formatReport(bag.sorted(), { cwd: root, frames: false })
    .split('\n')
    .filter((line) => line !== '' && !/^\d+ errors?, \d+ warnings?$/.test(line))
}

/** Lowers `text` as the flow file `path` of the project at `root` (default: a folder with no files). */
export function lowerFlowText(
  text: string,
  options: { root?: string; path?: string } = {},
): { flow: FlowNode | undefined; lines: string[] } {
  const root = options.root ?? '/site'
  const bag = new DiagnosticBag()
  const result = compileFlowFile(
    join(root, options.path ?? 'flows/f.xml'),
    text,
    { siteRoot: root, parseExpression },
    bag,
  )
  return { flow: result.flow, lines: printed(bag, root) }
}

/** The client request a flow sees (definition.md R10); only what the tests set differs from a plain GET /. */
export function clientRequest(
  overrides: Omit<Partial<ClientRequest>, 'headers'> & { headers?: Record<string, string> } = {},
): ClientRequest {
  const { headers, ...rest } = overrides
  return {
    method: 'GET',
    path: '/',
    query: null,
    headers: new Map(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value])),
    host: 'localhost',
    port: 80,
    url: 'http://localhost/',
    endpoint: '/',
    params: [],
    body: new Content(new Uint8Array(0), null),
    ...rest,
  }
}

export interface RunOptions {
  readonly request?: ClientRequest
  readonly vars?: Record<string, Sequence>
  /** Content stored under request IDs (`svc://request/content/<id>`). */
  readonly upstream?: Record<string, Content>
  /** The main content before the flow runs. */
  readonly main?: Sequence
  /** Last changes to the context before the flow runs (a debug session, settings). */
  readonly prepare?: (ctx: FlowContext) => void
}

export interface Run {
  readonly ctx: FlowContext
  readonly completion: Completion
  /** `level [topic] message` of every message written through `ctx.debug`. */
  readonly messages: string[]
}

/** A compiled project: its flow functions by site-relative flow path. */
export interface CompiledProject {
  readonly root: string
  readonly services: GatewayServices
  run(path: string, options?: RunOptions): Promise<Run>
}

const requireHere = createRequire(import.meta.url)

/**
 * Compiles the flows at `paths` of the project at `root` (the files must exist) into modules under
 * `<root>/.gen`, with SEF files where the bundle would have them; throws with the diagnostics when
 * anything fails to compile.
 */
export async function compileProject(root: string, paths: readonly string[]): Promise<CompiledProject> {
  const bag = new DiagnosticBag()
  const definition = createSourceFile(join(root, 'definition.yaml'), '')
  const flows = loadFlows(
    paths.map((path) => ({ kind: 'flow-ref' as const, loc: locAt(definition, 0), path: join(root, path) })),
    root,
    bag,
  )
  const stylesheets = await compileStylesheets(flows, bag)
  if (bag.hasErrors) throw new Error(`compile failed:\n${printed(bag, root).join('\n')}`)
  const out = join(root, '.gen')
  for (const [name, text] of stylesheets) writeSiteFile(out, name, text)
  const symbols = new Map<string, FlowSymbol>(
    [...flows.keys()].map((path, index) => {
      const file = path.slice(root.length + 1)
      return [path, { name: identifier(`flow${index}`), modulePath: file.replace(/\.xml$/, '.ts'), file }]
    }),
  )
  const functions = new Map<string, FlowFunction>()
  for (const [path, flow] of flows) {
    const symbol = symbols.get(path)!
    const ctx = new EmitContext({ siteRoot: root, flows: symbols }, symbol.modulePath)
    const body = emitFlowBody(flow, ctx)
    ctx.runtime('CONTINUE')
    const text = [
      ...ctx.imports().map(String),
      ...ctx.constants().map(String),
      `export async function ${symbol.name.text}(ctx: any) {`,
      body.text,
      'return CONTINUE',
      '}',
    ].join('\n')
    writeSiteFile(out, symbol.modulePath, text)
    const module = (await import(join(out, symbol.modulePath))) as Record<string, FlowFunction>
    functions.set(symbol.file, module[symbol.name.text]!)
  }
  const xslt =
    stylesheets.size === 0 ? undefined : new XsltEngine({ engine: requireHere.resolve('saxon-js'), dir: out })
  const services: GatewayServices = {
    siteRoot: root,
    logger: createLogger(() => {}),
    env: EMPTY,
    server: EMPTY,
    ...(xslt ? { xslt } : {}),
  }
  return {
    root,
    services,
    async run(path, options = {}) {
      const ctx = new FlowContext(services, 'r1', new AbortController().signal)
      ctx.request = options.request ?? clientRequest()
      const messages: string[] = []
      ctx.debug = (level: DebugLevel, topic: string, message: string) => messages.push(`${level} [${topic}] ${message}`)
      for (const [name, value] of Object.entries(options.vars ?? {})) ctx.vars.set(name, value)
      for (const [id, content] of Object.entries(options.upstream ?? {})) ctx.contents.upstream.set(id, content)
      ctx.contents.main = options.main
      options.prepare?.(ctx)
      const run = functions.get(path)
      if (run === undefined) throw new Error(`no flow ${path}`)
      return { ctx, completion: await run(ctx), messages }
    },
  }
}

/** The text of a value a flow stored (content as text, strings as they are). */
export function textOf(value: Sequence | undefined): string | undefined {
  const item = value?.[0]
  if (item instanceof Content) return item.text
  return typeof item === 'string' ? item : undefined
}
