/**
 * Test helpers for the expression stage: compile an expression as the compiler does, emit it, turn
 * the generated constant into a live CompiledExpression (esbuild transform, runtime exports bound),
 * and build flow contexts with OXN variables.
 */
import { transformSync } from 'esbuild'

import { DiagnosticBag } from '../../../../compiler/diagnostics/diagnostic.js'
import { formatDiagnostic } from '../../../../compiler/diagnostics/format.js'
import { createSourceFile, subSource } from '../../../../compiler/diagnostics/source.js'
import { EmitContext } from '../../../../compiler/emit/context.js'
import { emitExpression } from '../../../../compiler/emit/xpath.js'
import type { XPathNode } from '../../../../compiler/ir/xpath.js'
import { parseExpression } from '../../../../compiler/xpath/index.js'
import * as runtime from '../../../../runtime/index.js'
import { createLogger, EMPTY, FlowContext, oxnDocument, parseJson, type Sequence } from '../../../../runtime/index.js'

export const FLOW_FILE = '/site/flows/t.xml'

/** Compiles `text` as the body of an element in a one-line flow file; throws on diagnostics. */
export function compile(text: string): XPathNode {
  const { node, diagnostics } = compileWithDiagnostics(text)
  if (!node) throw new Error(`expression did not compile: ${text}\n${diagnostics.join('\n')}`)
  return node
}

/** Compiles `text` placed at `prefix` in the file; returns the node and the printed diagnostics. */
export function compileWithDiagnostics(
  text: string,
  prefix = '',
): { node: XPathNode | undefined; diagnostics: string[] } {
  const file = createSourceFile(FLOW_FILE, prefix + text)
  const bag = new DiagnosticBag()
  const node = parseExpression(subSource(file, text, undefined, prefix.length), bag)
  const diagnostics = bag.sorted().map((d) => formatDiagnostic(d, { cwd: '/site', frames: false }))
  return { node, diagnostics }
}

/** The module text the emitter writes for one expression (constants only). */
export function emitModule(node: XPathNode): { code: string; name: string; imports: string[] } {
  const ctx = new EmitContext({ siteRoot: '/site', flows: new Map() }, 'flows/t.ts')
  const name = emitExpression(node, ctx, { at: 'flows/t.xml:1:1', action: 'eval' }).text
  return {
    code: ctx
      .constants()
      .map((c) => c.text)
      .join('\n'),
    name,
    imports: ctx.imports().map((c) => c.text),
  }
}

/** The generated constant as a live object: TypeScript stripped by esbuild, runtime exports in scope. */
export function loadGenerated(node: XPathNode): runtime.CompiledExpression {
  const { code, name } = emitModule(node)
  const js = transformSync(code, { loader: 'ts', format: 'esm' }).code
  const names = Object.keys(runtime)
  // generated code, evaluated on purpose (its runtime names passed in as parameters)
  const make = new Function(...names, `${js}\nreturn ${name}`) as (...args: unknown[]) => runtime.CompiledExpression
  return make(...names.map((n) => (runtime as Record<string, unknown>)[n]))
}

/** The same expression for the engine tier only. */
export function engineOnly(node: XPathNode): runtime.CompiledExpression {
  return new runtime.EngineExpression({
    source: node.source,
    at: 'flows/t.xml:1:1',
    action: 'eval',
    text: node.plan.text,
    variables: node.variables,
  })
}

export function doc(json: string): runtime.OxnDocument {
  return oxnDocument(parseJson(json))
}

export function root(json: string): runtime.OxnElement {
  return doc(json).documentElement
}

const GATEWAY = { siteRoot: '/site', logger: createLogger(() => {}), env: EMPTY, server: EMPTY }

/** A context whose variables are `vars`; `main` is the main content. */
export function context(vars: Record<string, Sequence> = {}, main?: Sequence): FlowContext {
  const ctx = new FlowContext(GATEWAY, 'test-id', new AbortController().signal)
  for (const [name, value] of Object.entries(vars)) ctx.vars.set(name, value)
  if (main !== undefined) ctx.contents.main = main
  return ctx
}
