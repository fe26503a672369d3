/**
 * The compile-time part of the streamed proxy's request body (upstream.md UP-GEN-6 steps 1-2): a
 * handler may stream the client body when it is `x-svc-proxy`, or a flow whose last top-level
 * element is its only `proxy-request` (sub-flows included), and when nothing of the init flow, the
 * post-check flows or the handler flow (with their sub-flows) reads `$body`, `$request/post` or
 * `$request` as a whole, `follow-redirects` is not statically true and no upstream `definition` (nor
 * `validate-request`) is written in the `proxy-request` (request validation reads the body,
 * UP-PROXY-6). What the flows read is decided from the IR (each FlowNode's `reads`), so a
 * comment or string that mentions `$body` does not matter; the two options are looked for in the
 * literal text of the `proxy-request` template, erring towards buffering. Request validation is
 * checked at server start (runtime/server/pipeline.ts).
 */
import type { DefinitionNode, FlowRef, ProxyHandlerNode } from '../ir/definition.js'
import type { FlowNode } from '../ir/flow.js'
import type { StatementNode } from '../ir/statements.js'
import type { TemplateNode, TemplatePart } from '../ir/template.js'
import { combinedReads, mayRead, mayReadChild } from './flow-reads.js'

const FOLLOWS_REDIRECTS = /["']?follow-redirects["']?\s*:\s*["']?true/
/** An upstream `definition`: `validate-request` then defaults to true for the proxy (UP-PROXY-6). */
const NAMES_DEFINITION = /["']definition["']\s*:|["']validate-request["']\s*:\s*(?!["']?false)/

/** Whether the flows may read the client body: `$body`, `$request/post` or `$request` whole (UP-GEN-6 step 2). */
export function readsRequestBody(flows: Iterable<FlowNode>): boolean {
  const reads = combinedReads(flows)
  return mayRead(reads, 'body') || mayReadChild(reads, 'request', 'post')
}

export class StreamingAnalysis {
  /** The init flow and the post-check flows with their sub-flows: they run before every handler. */
  readonly #common: readonly FlowNode[]
  readonly #shared: boolean

  constructor(
    definition: DefinitionNode,
    readonly flows: ReadonlyMap<string, FlowNode>,
  ) {
    const common = [definition.initFlow, ...definition.securitySchemes.map((scheme) => scheme.postCheckFlow)].filter(
      (ref): ref is FlowRef => ref !== null,
    )
    this.#common = common.flatMap((ref) => this.#closure(ref.path))
    this.#shared = !readsRequestBody(this.#common)
  }

  /** An `x-svc-proxy` handler. */
  proxyStreamsBody(node: ProxyHandlerNode): boolean {
    return this.#shared && node.streamRequestBody
  }

  /** A flow handler ending in its only `proxy-request`. */
  flowStreamsBody(ref: FlowRef): boolean {
    if (!this.#shared) return false
    const flow = this.flows.get(ref.path)
    const last = flow?.body[flow.body.length - 1]
    if (flow === undefined || last?.kind !== 'proxy-request') return false
    const closure = this.#closure(ref.path)
    if (closure.reduce((count, each) => count + proxyRequests(each.body), 0) !== 1) return false
    // with the common flows: a node of `$request` one of them stores may be climbed from in the handler
    if (readsRequestBody([...this.#common, ...closure])) return false
    const options = literalText(last.template)
    return !FOLLOWS_REDIRECTS.test(options) && !NAMES_DEFINITION.test(options)
  }

  /** The flow and every flow it calls, each once. */
  #closure(path: string): FlowNode[] {
    const seen = new Set<string>()
    const out: FlowNode[] = []
    const visit = (at: string) => {
      if (seen.has(at)) return
      seen.add(at)
      const flow = this.flows.get(at)
      if (flow === undefined) return
      out.push(flow)
      for (const sub of flow.subFlows) visit(sub)
    }
    visit(path)
    return out
  }
}

/**
 * The literal text of a template, nested blocks included, each command as a space (`"options": {
 * "definition": {{ $x }} }` keeps the key).
 */
function literalText(template: TemplateNode): string {
  const texts: string[] = []
  const walk = (parts: readonly TemplatePart[]): void => {
    for (const part of parts) {
      texts.push(part.kind === 'text' ? part.text : ' ')
      if (part.kind === 'if') for (const branch of part.branches) walk(branch.body)
      if (part.kind === 'loop' || part.kind === 'with') walk(part.body)
      if ((part.kind === 'if' || part.kind === 'with') && part.otherwise) walk(part.otherwise.body)
    }
  }
  walk(template.body)
  return texts.join('')
}

function proxyRequests(statements: readonly StatementNode[]): number {
  let count = 0
  for (const statement of statements) {
    if (statement.kind === 'proxy-request') count++
    else if (statement.kind === 'if') {
      for (const branch of statement.branches) count += proxyRequests(branch.body)
      if (statement.otherwise) count += proxyRequests(statement.otherwise.body)
    }
  }
  return count
}
