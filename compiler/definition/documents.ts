/**
 * Loads the definition and every YAML/JSON file a `$ref` names, each once, and resolves `$ref`
 * values (definition.md D6, D13, D14, CC1, CC12, CC18): `#/pointer` in the same file,
 * `other.yaml#/pointer` and `other.json` relative to the referencing file, never outside the
 * site root (after resolving `..` and symbolic links).
 */
import { realpathSync } from 'node:fs'
import { dirname, extname, isAbsolute, relative, resolve } from 'node:path'

import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import { createSourceFile, type Loc, locAt, type SourceFile } from '../diagnostics/source.js'
import type { SourceDocumentNode } from '../ir/definition.js'
import { DISK_FILES, type ProjectFiles } from '../project-files.js'
import { type DocNode, type ScalarNode, toPlain, unescapePointer } from './doc-node.js'
import { readJson } from './json-reader.js'
import { readYaml } from './yaml-reader.js'

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

export interface LoadedDocument {
  readonly file: SourceFile
  readonly root: DocNode
}

/** A resolved reference: the node it names, where that node lives, and its JSON pointer there. */
export interface ResolvedRef {
  readonly document: LoadedDocument
  readonly node: DocNode
  readonly pointer: string
}

/** Site-relative display form of an absolute path (`flows/cart.xml`, `../shared/x.xml`). */
export function siteRelative(siteRoot: string, path: string): string {
  return relative(siteRoot, path).split('\\').join('/')
}

export class DocumentStore {
  readonly #documents = new Map<string, LoadedDocument | null>()
  readonly #siteRootReal: string

  constructor(
    readonly siteRoot: string,
    readonly bag: DiagnosticBag,
    readonly files: ProjectFiles = DISK_FILES,
  ) {
    this.#siteRootReal = realOrSelf(siteRoot)
  }

  /** True when `path` lies inside the site root, lexically and after resolving symbolic links (D14). */
  isInsideSiteRoot(path: string): boolean {
    const lexical = relative(this.siteRoot, path)
    if (lexical.startsWith('..') || isAbsolute(lexical)) return false
    const real = relative(this.#siteRootReal, realOrSelf(path))
    return !(real.startsWith('..') || isAbsolute(real))
  }

  /** Reads and parses a file once; null when unreadable or unparsable (reported). */
  load(path: string, referencedAt: Loc | null): LoadedDocument | null {
    const cached = this.#documents.get(path)
    if (cached !== undefined) return cached
    let bytes: Uint8Array
    try {
      bytes = this.files.read(path)
    } catch (error) {
      this.#documents.set(path, null)
      const where = referencedAt ?? locAt(createSourceFile(path, ''), 0)
      const problem = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : 'cannot be read'
      this.bag.error(
        'project/unreadable-file',
        where,
        referencedAt ? `${siteRelative(this.siteRoot, path)} ${problem}` : `definition file ${problem}`,
      )
      return null
    }
    let text: string
    try {
      text = UTF8.decode(bytes)
    } catch {
      // D6: UTF-8 only; reported at 1:1 of the file itself
      this.#documents.set(path, null)
      this.bag.error('definition/encoding', locAt(createSourceFile(path, ''), 0), 'the file is not valid UTF-8')
      return null
    }
    const file = createSourceFile(path, text)
    const root = extname(path).toLowerCase() === '.json' ? readJson(file, this.bag) : readYaml(file, this.bag)
    const document = root === undefined ? null : { file, root }
    this.#documents.set(path, document)
    return document
  }

  /**
   * Resolves a `$ref` written at `ref` (CC12 at the value when it cannot be resolved, CC18 when it
   * leaves the site root). Chains of references are followed; a cycle of them is an error.
   */
  resolve(ref: ScalarNode, from: SourceFile): ResolvedRef | undefined {
    // the targets visited, each with the `$ref` written inside it that leads on
    const chain: { readonly key: string; readonly next: ScalarNode }[] = []
    let current: ScalarNode = ref
    let currentFile = from
    for (;;) {
      const target = this.#resolveOnce(current, currentFile, current === ref ? ref : current)
      if (target === undefined) return undefined
      const next = target.node.kind === 'map' ? target.node.entries.find((e) => e.key === '$ref') : undefined
      if (next === undefined || next.value.kind !== 'scalar' || typeof next.value.value !== 'string') return target
      const key = `${target.document.file.path}#${target.pointer}`
      const start = chain.findIndex((link) => link.key === key)
      if (start !== -1) {
        // reported at the references that form the cycle, not at a use that merely leads into it
        for (const link of chain.slice(start))
          this.bag.error('definition/ref-cycle', link.next.loc, `$ref ${JSON.stringify(link.next.text)} is circular`)
        return undefined
      }
      chain.push({ key, next: next.value })
      current = next.value
      currentFile = target.document.file
    }
  }

  #resolveOnce(ref: ScalarNode, from: SourceFile, reportAt: ScalarNode): ResolvedRef | undefined {
    const text = String(ref.value)
    const fail = (): undefined => {
      this.bag.error('definition/unresolved-ref', reportAt.loc, `cannot resolve $ref ${JSON.stringify(reportAt.text)}`)
      return undefined
    }
    const hash = text.indexOf('#')
    const filePart = hash === -1 ? text : text.slice(0, hash)
    const pointer = hash === -1 ? '' : text.slice(hash + 1)
    if (/^[a-z][a-z0-9+.-]*:/i.test(filePart)) return fail() // URLs are not fetched
    let document: LoadedDocument | null
    if (filePart === '') {
      document = this.#documents.get(from.path) ?? null
    } else {
      const path = resolve(dirname(from.path), safeDecode(filePart))
      if (!this.isInsideSiteRoot(path)) {
        this.bag.error(
          'project/outside-site-root',
          reportAt.loc,
          `${siteRelative(this.siteRoot, path)} is outside the project directory`,
        )
        return undefined
      }
      document = this.load(path, reportAt.loc)
      if (document === null) return undefined
    }
    if (document === null) return fail()
    if (pointer !== '' && !pointer.startsWith('/')) return fail()
    const node = evaluatePointer(document.root, pointer)
    if (node === undefined) return fail()
    return { document, node, pointer }
  }

  /** Every document loaded so far as IR (the definition first), with its pointer -> Loc map. */
  documents(): SourceDocumentNode[] {
    const out: SourceDocumentNode[] = []
    for (const document of this.#documents.values()) {
      if (document === null) continue
      const locs = new Map<string, Loc>()
      let value
      try {
        value = toPlain(document.root, '', locs)
      } catch (error) {
        this.bag.error('definition/too-large', locAt(document.file, 0), (error as Error).message)
        value = null
      }
      out.push({ kind: 'document', file: document.file, value, locs })
    }
    return out
  }
}

/** The node at a JSON pointer (RFC 6901, as used in `$ref` fragments); undefined when absent. */
export function evaluatePointer(root: DocNode, pointer: string): DocNode | undefined {
  if (pointer === '') return root
  let node: DocNode | undefined = root
  for (const raw of pointer.slice(1).split('/')) {
    const token = unescapePointer(safeDecode(raw))
    if (node === undefined) return undefined
    if (node.kind === 'map') node = node.entries.find((e) => e.key === token)?.value
    else if (node.kind === 'seq' && /^(0|[1-9][0-9]*)$/.test(token)) node = node.items[Number(token)]
    else return undefined
  }
  return node
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    // a missing file: resolve the links of its nearest existing directory
    const parent = dirname(path)
    if (parent === path) return path
    return resolve(realOrSelf(parent), relative(parent, path))
  }
}
