/**
 * Collects the schemas of one definition for ajv (validation.md VA28-VA31): every schema a `$ref`
 * reaches (`#/definitions/<name>`, `<file>#/<pointer>`, `<file>`, relative to the referencing file,
 * VA30; cycles allowed) is translated once into a slot of one shared root schema, and references are
 * rewritten to point there. Slots are named after the definition (`Pet`; `common.Pet` for another
 * file) in the order they are first reached, so the output is deterministic.
 *
 * Discriminators (VA29) of schemas under `definitions`: the slot of such a schema `S` dispatches on the
 * property to `S` itself (`S.core`, without the discriminator) or to a definition `D` that reaches
 * `S` through `allOf` (`D.asS`: `D` whose `allOf` reaches `S.core` instead of `S`, so the
 * discriminator is not applied a second time). Decided: `D`'s own discriminator, if it has one, is not
 * applied while validating through `S`.
 */
import { basename, dirname, extname, resolve } from 'node:path'

import { DISCRIMINATOR_KEYWORD } from '../../runtime/validate/schema-errors.js'
import type { SourceFile } from '../diagnostics/source.js'
import type { PlainJson, SourceDocumentNode } from '../ir/definition.js'
import { DISCRIMINATOR_OF_KEYWORD, NULL_OR_KEYWORD } from './keywords.js'
import { type SchemaObject, translateSchema } from './translate.js'

/** The id of the shared root schema that holds the slots. */
export const ROOT_SCHEMA_ID = 'svc-definitions'

interface Target {
  readonly document: SourceDocumentNode
  readonly pointer: string
  readonly value: PlainJson
}

function isObject(value: PlainJson | undefined): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~')
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** The value at a JSON pointer of a `$ref` fragment. */
function valueAt(root: PlainJson, pointer: string): PlainJson | undefined {
  if (pointer === '') return root
  let node: PlainJson | undefined = root
  for (const raw of pointer.slice(1).split('/')) {
    const token = unescapeToken(safeDecode(raw))
    if (Array.isArray(node)) node = /^(0|[1-9][0-9]*)$/.test(token) ? node[Number(token)] : undefined
    else if (isObject(node)) node = Object.hasOwn(node, token) ? node[token] : undefined
    else return undefined
  }
  return node
}

export class SchemaRegistry {
  readonly #documents = new Map<string, SourceDocumentNode>()
  readonly #slots = new Map<string, string>()
  readonly #definitions = new Map<string, PlainJson>()
  readonly #used = new Set<string>()
  readonly #mainFile: string

  constructor(documents: readonly SourceDocumentNode[]) {
    for (const document of documents) this.#documents.set(document.file.path, document)
    this.#mainFile = documents[0]?.file.path ?? ''
  }

  /** The translated schema written in `file`, its references rewritten to slots. */
  translate(value: PlainJson, file: SourceFile): PlainJson {
    return translateSchema(value, (ref) => this.#refTo(ref, file))
  }

  /** The slots in the order they were made, as the `definitions` of the root schema. */
  definitions(): SchemaObject {
    const out: SchemaObject = {}
    for (const [slot, value] of this.#definitions) out[slot] = value
    return out
  }

  /**
   * The `type` a schema ends up with after following `$ref`s (VA16: a body is text-compatible when it
   * is `string` or absent); undefined when unknown.
   */
  typeOf(value: PlainJson, file: SourceFile): PlainJson | undefined {
    let current: PlainJson | undefined = value
    let currentFile = file
    for (let hops = 0; hops < 64 && isObject(current); hops++) {
      if (current['type'] !== undefined || typeof current['$ref'] !== 'string') return current['type']
      const target = this.#resolve(current['$ref'], currentFile)
      if (target === undefined) return undefined
      current = target.value
      currentFile = target.document.file
    }
    return undefined
  }

  #resolve(ref: string, from: SourceFile): Target | undefined {
    const hash = ref.indexOf('#')
    const filePart = hash < 0 ? ref : ref.slice(0, hash)
    const pointer = hash < 0 ? '' : ref.slice(hash + 1)
    const path = filePart === '' ? from.path : resolve(dirname(from.path), safeDecode(filePart))
    const document = this.#documents.get(path)
    if (document === undefined) return undefined
    const value = valueAt(document.value, pointer)
    return value === undefined ? undefined : { document, pointer, value }
  }

  /** The rewritten `$ref` for a reference written in `from`. */
  #refTo(ref: string, from: SourceFile, substitute?: ReadonlyMap<string, string>): string {
    const target = this.#resolve(ref, from)
    // unresolvable references were reported by the definition stage (CC12); this keeps ajv going
    if (target === undefined) return this.#slotRef(this.#slots.get('') ?? this.#slot('unresolved', () => ({}), ''))
    const key = this.#keyOf(target)
    const replaced = substitute?.get(key)
    if (replaced !== undefined) return this.#slotRef(replaced)
    return this.#slotRef(this.#slotOf(target))
  }

  #keyOf(target: Target): string {
    return `${target.document.file.path}#${target.pointer}`
  }

  #slotRef(slot: string): string {
    return `${ROOT_SCHEMA_ID}#/definitions/${slot}`
  }

  /** The slot of a reference target, made on first use. */
  #slotOf(target: Target): string {
    const key = this.#keyOf(target)
    const known = this.#slots.get(key)
    if (known !== undefined) return known
    const name = this.#definitionName(target)
    const discriminator = name !== null && isObject(target.value) ? target.value['discriminator'] : undefined
    if (typeof discriminator === 'string') return this.#discriminatorSlots(target, name!, discriminator)
    return this.#slot(
      this.#preferredName(target),
      () => translateSchema(target.value, (ref) => this.#refTo(ref, target.document.file)),
      key,
    )
  }

  /** Reserves a unique slot name (so that cycles find it); `key` registers it for its target. */
  #reserve(wanted: string, key?: string): string {
    let name = wanted
    for (let n = 2; this.#used.has(name); n++) name = `${wanted}_${n}`
    this.#used.add(name)
    if (key !== undefined) this.#slots.set(key, name)
    this.#definitions.set(name, {})
    return name
  }

  #slot(wanted: string, fill: () => PlainJson, key?: string): string {
    const name = this.#reserve(wanted, key)
    this.#definitions.set(name, fill())
    return name
  }

  /** `Pet` for `#/definitions/Pet` of its document; null elsewhere. */
  #definitionName(target: Target): string | null {
    const match = /^\/definitions\/([^/]+)$/.exec(target.pointer)
    return match === null ? null : unescapeToken(safeDecode(match[1]!))
  }

  #preferredName(target: Target): string {
    const tokens = target.pointer.split('/').filter((token) => token !== '')
    const last =
      tokens.length === 0
        ? basename(target.document.file.path, extname(target.document.file.path))
        : unescapeToken(safeDecode(tokens.at(-1)!))
    const local = last.replace(/[^A-Za-z0-9_.-]+/g, '_') || 'schema'
    if (target.document.file.path === this.#mainFile || tokens.length === 0) return local
    const prefix = basename(target.document.file.path, extname(target.document.file.path)).replace(
      /[^A-Za-z0-9_.-]+/g,
      '_',
    )
    return `${prefix}.${local}`
  }

  /** VA29: the dispatching slot of `S`, its `S.core` and the `D.asS` slots of its cases. */
  #discriminatorSlots(target: Target, name: string, property: string): string {
    const key = this.#keyOf(target)
    const base = this.#preferredName(target)
    const self = this.#reserve(base, key)
    const core = this.#reserve(`${base}.core`)
    const chain = this.#casesOf(target)
    const substitute = new Map<string, string>([[key, core]])
    const slots = chain.map((member) => {
      const slot = this.#reserve(`${this.#preferredName(member.target)}.as${base}`)
      substitute.set(this.#keyOf(member.target), slot)
      return slot
    })
    this.#definitions.set(core, this.translate(withoutDiscriminator(target.value), target.document.file))
    const cases: SchemaObject = { [name]: { $ref: this.#slotRef(core) } }
    chain.forEach((member, i) => {
      this.#definitions.set(slots[i]!, this.#translateAs(member.target, substitute))
      cases[member.name] = { $ref: this.#slotRef(slots[i]!) }
    })
    this.#definitions.set(self, {
      [DISCRIMINATOR_OF_KEYWORD]: { property, self: name },
      [DISCRIMINATOR_KEYWORD]: cases,
    })
    return self
  }

  /** `D` with the references of its top-level `allOf` replaced by `substitute` (the `.asS` slots). */
  #translateAs(target: Target, substitute: ReadonlyMap<string, string>): PlainJson {
    const value = withoutDiscriminator(target.value)
    const file = target.document.file
    const allOf = isObject(value) ? value['allOf'] : undefined
    const translated = translateSchema(value, (ref) => this.#refTo(ref, file))
    if (!Array.isArray(allOf) || !isObject(translated)) return translated
    const inner = (isObject(translated[NULL_OR_KEYWORD]) ? translated[NULL_OR_KEYWORD] : translated) as SchemaObject
    inner['allOf'] = allOf.map((item) => translateSchema(item, (ref) => this.#refTo(ref, file, substitute)))
    return translated
  }

  /** The definitions of `S`'s document that reach `S` through `allOf` (directly or not), by name. */
  #casesOf(target: Target): { name: string; target: Target }[] {
    const definitions = isObject(target.document.value) ? target.document.value['definitions'] : undefined
    if (!isObject(definitions)) return []
    const key = this.#keyOf(target)
    const reaches = new Map<string, boolean>()
    const visit = (candidate: Target, seen: Set<string>): boolean => {
      const candidateKey = this.#keyOf(candidate)
      const known = reaches.get(candidateKey)
      if (known !== undefined) return known
      if (seen.has(candidateKey)) return false
      seen.add(candidateKey)
      const allOf = isObject(candidate.value) ? candidate.value['allOf'] : undefined
      let found = false
      if (Array.isArray(allOf)) {
        for (const item of allOf) {
          if (!isObject(item) || typeof item['$ref'] !== 'string') continue
          const next = this.#resolve(item['$ref'], candidate.document.file)
          if (next === undefined) continue
          if (this.#keyOf(next) === key || visit(next, seen)) found = true
        }
      }
      reaches.set(candidateKey, found)
      return found
    }
    const out: { name: string; target: Target }[] = []
    for (const [name, value] of Object.entries(definitions)) {
      const candidate: Target = {
        document: target.document,
        pointer: `/definitions/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        value,
      }
      if (this.#keyOf(candidate) !== key && visit(candidate, new Set())) out.push({ name, target: candidate })
    }
    return out
  }
}

function withoutDiscriminator(value: PlainJson): PlainJson {
  if (!isObject(value)) return value
  const { discriminator: _dropped, ...rest } = value
  return rest
}
