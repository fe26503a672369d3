/**
 * The `mocks` app part (operations.md MK1, MK3, MK6; definition.md PL9): `src/mocks.ts` exports the
 * examples of every operation's `200` response, per route pattern and method, with each body rendered
 * here at build time by MK3: a string example verbatim, any other value as compact JSON (the rule is
 * the same for JSON media types, where a string is taken to be JSON text already, and for all
 * others). `$ref`s inside examples are resolved: `#/pointer` in the
 * response's own file, `other.yaml#/pointer` and `other.json` relative to it; a referenced file whose
 * name does not end in `.json`, `.yaml` or `.yml` is sent as its raw content (MK3, Decided).
 *
 * Decided: references stay inside the site root (definition.md D14); an example whose reference cannot
 * be resolved is left out (the request is then processed normally, MK2). Files not loaded with the
 * definition are read here, the one read of this emitter.
 */
import { readFileSync } from 'node:fs'
import { dirname, extname, isAbsolute, relative, resolve } from 'node:path'

import { load } from 'js-yaml'

import type { DefinitionNode, PlainJson, ResponseNode } from '../../ir/definition.js'
import type { AppPart } from '../app-part.js'
import { type Code, comment, js, lit } from '../code.js'
import type { EmitContext } from '../context.js'
import { arrayCode } from './object-code.js'

/** `[mediaType, body]` or `[mediaType, base64 body, "base64"]` (runtime/mock MockExampleSpec). */
type Example = readonly string[]

/** A resolved referenced file that is sent as it is. */
class RawFile {
  constructor(readonly bytes: Buffer) {}
}

const MAX_REF_DEPTH = 32

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path)
  return !rel.startsWith('..') && !isAbsolute(rel)
}

function pointerValue(value: PlainJson | undefined, pointer: string): PlainJson | undefined {
  if (pointer === '' || pointer === '/') return pointer === '' ? value : undefined
  if (!pointer.startsWith('/')) return undefined
  let current: PlainJson | undefined = value
  for (const token of pointer
    .slice(1)
    .split('/')
    .map((t) => decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~'))) {
    if (current === null || typeof current !== 'object') return undefined
    current = Array.isArray(current)
      ? (current as readonly PlainJson[])[Number(token)]
      : (current as { readonly [key: string]: PlainJson })[token]
  }
  return current
}

/** Resolves `$ref`s in examples against the definition's documents and the site's files. */
class ExampleResolver {
  readonly #documents = new Map<string, PlainJson | RawFile | null>()

  constructor(readonly definition: DefinitionNode) {
    for (const document of definition.documents) this.#documents.set(document.file.path, document.value)
  }

  resolve(value: PlainJson, file: string, depth = 0): PlainJson | RawFile | undefined {
    if (depth > MAX_REF_DEPTH || value === null || typeof value !== 'object') return value
    if (Array.isArray(value)) {
      const items: PlainJson[] = []
      for (const item of value as readonly PlainJson[]) {
        const resolved = this.resolve(item, file, depth + 1)
        if (resolved === undefined || resolved instanceof RawFile) return undefined
        items.push(resolved)
      }
      return items
    }
    const object = value as { readonly [key: string]: PlainJson }
    const ref = object['$ref']
    if (typeof ref === 'string') return this.#follow(ref, file, depth)
    const out: { [key: string]: PlainJson } = {}
    for (const [key, member] of Object.entries(object)) {
      const resolved = this.resolve(member, file, depth + 1)
      if (resolved === undefined || resolved instanceof RawFile) return undefined
      Object.defineProperty(out, key, { value: resolved, enumerable: true, writable: true, configurable: true })
    }
    return out
  }

  #follow(ref: string, from: string, depth: number): PlainJson | RawFile | undefined {
    const hash = ref.indexOf('#')
    const filePart = hash < 0 ? ref : ref.slice(0, hash)
    const pointer = hash < 0 ? '' : ref.slice(hash + 1)
    const file = filePart === '' ? from : resolve(dirname(from), filePart)
    if (!isInside(this.definition.siteRoot, file)) return undefined
    const document = this.#load(file)
    if (document === null || document === undefined) return undefined
    if (document instanceof RawFile) return pointer === '' ? document : undefined
    const target = pointerValue(document, pointer)
    return target === undefined ? undefined : this.resolve(target, file, depth + 1)
  }

  #load(file: string): PlainJson | RawFile | null | undefined {
    if (this.#documents.has(file)) return this.#documents.get(file)
    let loaded: PlainJson | RawFile | null
    try {
      const bytes = readFileSync(file)
      const extension = extname(file).toLowerCase()
      if (extension === '.json') loaded = JSON.parse(bytes.toString('utf8')) as PlainJson
      else if (extension === '.yaml' || extension === '.yml')
        loaded = (load(bytes.toString('utf8')) ?? null) as PlainJson
      else loaded = new RawFile(bytes)
    } catch {
      loaded = null
    }
    this.#documents.set(file, loaded)
    return loaded
  }
}

/** MK3: the body of one example. */
function renderExample(mediaType: string, value: PlainJson | RawFile): Example {
  if (value instanceof RawFile) {
    const text = value.bytes.toString('utf8')
    return Buffer.from(text, 'utf8').equals(value.bytes)
      ? [mediaType, text]
      : [mediaType, value.bytes.toString('base64'), 'base64']
  }
  if (typeof value === 'string') return [mediaType, value]
  return [mediaType, JSON.stringify(value)]
}

function examplesOf(response: ResponseNode, resolver: ExampleResolver): Example[] {
  const value = response.value
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return []
  const examples = (value as { readonly [key: string]: PlainJson })['examples']
  if (examples === null || typeof examples !== 'object' || Array.isArray(examples)) return []
  const out: Example[] = []
  for (const [mediaType, example] of Object.entries(examples as { readonly [key: string]: PlainJson })) {
    const resolved = resolver.resolve(example, response.file.path)
    if (resolved === undefined) continue
    out.push(renderExample(mediaType, resolved))
  }
  return out
}

/** `createMockTable([...])` of the definition's `200` examples, or null when it has none (also for upstream definitions, UP-MOCK-1). */
export function mockTableCode(definition: DefinitionNode, ctx: EmitContext): Code | null {
  const resolver = new ExampleResolver(definition)
  const routes: Code[] = []
  for (const route of definition.routes) {
    const operations: Code[] = []
    for (const operation of route.operations ?? []) {
      const ok = operation.responses?.find((response) => response.status === '200')
      const examples = ok === undefined ? [] : examplesOf(ok, resolver)
      if (examples.length === 0) continue
      operations.push(
        arrayCode([
          lit(operation.method),
          arrayCode(examples.map((example) => arrayCode(example.map((part) => lit(part))))),
        ]),
      )
    }
    if (operations.length > 0) routes.push(js`  ${arrayCode([lit(route.pattern), arrayCode(operations)])},`)
  }
  if (routes.length === 0) return null
  const table = routes.reduce((all, line) => js`${all}\n${line}`, js`[`)
  return js`${ctx.runtime('createMockTable')}(${table}\n])`
}

export function emitMocks(definition: DefinitionNode, ctx: EmitContext): Code | null {
  const table = mockTableCode(definition, ctx)
  if (table === null) return null
  return js`${comment('examples of 200 responses for built-in mocking (operations.md MK1-MK6)')}
export const MOCKS: ${ctx.runtimeType('MockTable')} = ${table}
`
}

export const MOCKS_PART: AppPart = {
  field: 'mocks',
  module: 'mocks.ts',
  constant: 'MOCKS',
  emit: ({ definition }, ctx) => emitMocks(definition, ctx),
}
