/**
 * Loads the flows a definition references and, transitively, the flows their `sub-flow` actions call
 * (flows.md F-DOC-10, F-DOC-11, actions.md ACT-sub-flow-1). Each file is read and compiled once, so
 * recursion is fine. A missing sub-flow file or a `svc-test` document used as a flow (F-DOC-2) is a
 * CE at the referencing `src` (or definition) position. Missing files named by the definition were
 * reported by the definition stage and are skipped here.
 */
import { relative } from 'node:path'

import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import type { Loc } from '../diagnostics/source.js'
import type { FlowRef } from '../ir/definition.js'
import type { FlowNode } from '../ir/flow.js'
import { DISK_FILES, type ProjectFiles } from '../project-files.js'
import { decodeFlowBytes } from './decode-bytes.js'
import { type ExpressionParser, LowerContext, type LowerOptions, type SubFlowRef } from './lower-context.js'
import { lowerFlow } from './lower-flow.js'
import { parseXml, type XmlDocument } from './parse-xml.js'

/** Result of compiling one flow document from bytes. */
export interface CompiledFlowFile {
  /** Undefined when the document could not be parsed or its root is wrong (reported). */
  readonly flow: FlowNode | undefined
  readonly subFlowRefs: readonly SubFlowRef[]
}

/** Parses a flow file's bytes into its element tree (F-DOC-1, F-DOC-3); undefined after a CE. */
export function parseFlowBytes(path: string, bytes: Uint8Array, bag: DiagnosticBag): XmlDocument | undefined {
  const file = decodeFlowBytes(path, bytes, bag)
  return file && parseXml(file, bag)
}

/** Compiles one document given as bytes or text (used by the loader and by tests). */
export function compileFlowFile(
  path: string,
  source: Uint8Array | string,
  options: LowerOptions,
  bag: DiagnosticBag,
): CompiledFlowFile {
  const bytes = typeof source === 'string' ? Buffer.from(source, 'utf8') : source
  const document = parseFlowBytes(path, bytes, bag)
  if (!document) return { flow: undefined, subFlowRefs: [] }
  const ctx = new LowerContext(document.file, bag, options)
  return { flow: lowerFlow(document, ctx), subFlowRefs: ctx.subFlowRefs }
}

interface Pending {
  readonly path: string
  readonly loc: Loc
  readonly bySubFlow: boolean
}

/** Loads every referenced flow; the map holds the flows that compiled, by absolute path. */
export function loadFlowsWith(
  refs: readonly FlowRef[],
  siteRoot: string,
  bag: DiagnosticBag,
  parseExpression: ExpressionParser,
  files: ProjectFiles = DISK_FILES,
): ReadonlyMap<string, FlowNode> {
  const flows = new Map<string, FlowNode>()
  const documents = new Map<string, XmlDocument | null>()
  const done = new Set<string>()
  const queue: Pending[] = refs.map((ref) => ({ path: ref.path, loc: ref.loc, bySubFlow: false }))
  const sitePath = (path: string) => relative(siteRoot, path).split('\\').join('/')
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { path, loc, bySubFlow } = next
    let document = documents.get(path)
    if (document === undefined) {
      const bytes = readBytes(files, path)
      if (!bytes) {
        if (bySubFlow) bag.error('flow/sub-flow-not-found', loc, `sub-flow file ${sitePath(path)} not found`)
        continue
      }
      document = parseFlowBytes(path, bytes, bag) ?? null
      documents.set(path, document)
    }
    if (!document) continue
    if (document.root.name === 'svc-test') {
      bag.error(
        'flow/test-document-as-flow',
        loc,
        `${sitePath(path)} is a svc-test document and cannot be used as a flow`,
      )
      continue
    }
    if (done.has(path)) continue
    done.add(path)
    const ctx = new LowerContext(document.file, bag, { siteRoot, parseExpression, files })
    const flow = lowerFlow(document, ctx)
    if (flow) flows.set(path, flow)
    for (const ref of ctx.subFlowRefs) queue.push({ path: ref.path, loc: ref.loc, bySubFlow: true })
  }
  return flows
}

function readBytes(files: ProjectFiles, path: string): Uint8Array | undefined {
  try {
    return files.read(path)
  } catch {
    return undefined
  }
}
