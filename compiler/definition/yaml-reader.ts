/**
 * Reads a YAML 1.2 document (core schema) into the positioned tree by walking js-yaml's
 * `parseEvents()` once: definition.md D6 (one UTF-8 document; the BOM is already stripped by
 * `createSourceFile`), D8 (duplicate keys, reported at the second occurrence), D9 (anchors, aliases
 * and `<<` merge keys expanded here, positions kept at the anchor), CC1 (syntax errors at their
 * position, with js-yaml's reason).
 */
import {
  boolCoreTag,
  type Event,
  EVENT_ID,
  floatCoreTag,
  getScalarValue,
  intCoreTag,
  NOT_RESOLVED,
  nullCoreTag,
  parseEvents,
  SCALAR_STYLE,
  type ScalarEvent,
} from 'js-yaml'

import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import { type Loc, locAt, type SourceFile } from '../diagnostics/source.js'
import type { DocNode, MapEntry, MapNode, ScalarNode } from './doc-node.js'

type ScalarValue = string | number | boolean | null

interface PendingKey {
  readonly key: string
  readonly keyLoc: Loc
  readonly merge: boolean
}

interface MapFrame {
  readonly kind: 'map'
  readonly loc: Loc
  readonly anchor: string | null
  /** Explicit entries and merge sources, in document order. */
  readonly items: ({ readonly entry: MapEntry } | { readonly merge: DocNode; readonly loc: Loc })[]
  readonly explicit: Set<string>
  pendingKey: PendingKey | null
  /** A complex (non-scalar) key was seen; its value is skipped. */
  skipValue: boolean
}

interface SeqFrame {
  readonly kind: 'seq'
  readonly loc: Loc
  readonly anchor: string | null
  readonly items: DocNode[]
}

type Frame = MapFrame | SeqFrame

const IMPLICIT_TAGS = [nullCoreTag, boolCoreTag, intCoreTag, floatCoreTag] as const
const EXPLICIT_SCALAR_TAGS: Record<
  string,
  { resolve: (s: string, explicit: boolean, tag: string) => unknown } | 'str'
> = {
  '!!str': 'str',
  '!': 'str',
  '!!null': nullCoreTag,
  '!!bool': boolCoreTag,
  '!!int': intCoreTag,
  '!!float': floatCoreTag,
}

/** Parses `file` as YAML; undefined after a syntax error (already reported). */
export function readYaml(file: SourceFile, bag: DiagnosticBag): DocNode | undefined {
  let events: Event[]
  try {
    events = parseEvents(file.text, { filename: file.path })
  } catch (error) {
    const mark = (error as { mark?: { position?: number } }).mark
    const reason = (error as { reason?: string }).reason ?? String(error)
    bag.error('definition/syntax', locAt(file, Math.min(mark?.position ?? 0, file.text.length)), reason)
    return undefined
  }
  return new TreeBuilder(file, bag).build(events)
}

class TreeBuilder {
  readonly #anchors = new Map<string, DocNode | 'open'>()
  readonly #stack: Frame[] = []
  #root: DocNode | undefined
  #documents = 0
  /** End of the last token seen: where an empty value (`post:`) is reported. */
  #lastOffset = 0
  #secondDocument = false

  constructor(
    readonly file: SourceFile,
    readonly bag: DiagnosticBag,
  ) {}

  build(events: readonly Event[]): DocNode | undefined {
    for (const event of events) {
      switch (event.type) {
        case EVENT_ID.DOCUMENT:
          // reported at the first node of the second document
          if (++this.#documents === 2) this.#secondDocument = true
          break
        case EVENT_ID.MAPPING:
        case EVENT_ID.SEQUENCE: {
          const anchor = this.#anchorOf(event)
          const start = event.anchorStart >= 0 ? event.anchorStart - 1 : event.start
          this.#checkCollectionTag(event, event.type === EVENT_ID.MAPPING ? '!!map' : '!!seq')
          if (anchor !== null) this.#anchors.set(anchor, 'open')
          this.#lastOffset = event.start
          const loc = this.#at(start)
          this.#reportSecondDocument(loc)
          this.#stack.push(
            event.type === EVENT_ID.MAPPING
              ? { kind: 'map', loc, anchor, items: [], explicit: new Set(), pendingKey: null, skipValue: false }
              : { kind: 'seq', loc, anchor, items: [] },
          )
          break
        }
        case EVENT_ID.SCALAR: {
          const node = this.#scalar(event)
          this.#reportSecondDocument(node.loc)
          this.#add(node)
          break
        }
        case EVENT_ID.ALIAS: {
          const name = this.file.text.slice(event.anchorStart, event.anchorEnd)
          const target = this.#anchors.get(name)
          const loc = this.#at(event.anchorStart - 1)
          this.#lastOffset = event.anchorEnd
          if (target === undefined || target === 'open') {
            const why =
              target === 'open' ? `alias *${name} refers to a node that contains it` : `unknown alias *${name}`
            this.bag.error('definition/syntax', loc, why)
            this.#add({ kind: 'scalar', loc, value: null, text: '', plain: true })
          } else {
            this.#add(target)
          }
          break
        }
        case EVENT_ID.POP: {
          const frame = this.#stack.pop()
          if (frame === undefined) break // end of a document
          const node: DocNode =
            frame.kind === 'seq' ? { kind: 'seq', loc: frame.loc, items: frame.items } : this.#finishMap(frame)
          if (frame.anchor !== null) this.#anchors.set(frame.anchor, node)
          this.#add(node)
          break
        }
      }
    }
    return this.#root ?? { kind: 'scalar', loc: this.#at(0), value: null, text: '', plain: true }
  }

  #reportSecondDocument(loc: Loc): void {
    if (!this.#secondDocument || this.#stack.length > 0) return
    this.#secondDocument = false
    this.bag.error('definition/syntax', loc, 'the file must contain a single YAML document')
  }

  #at(offset: number): Loc {
    return locAt(this.file, Math.max(0, Math.min(offset, this.file.text.length)))
  }

  #anchorOf(event: { anchorStart: number; anchorEnd: number }): string | null {
    return event.anchorStart >= 0 ? this.file.text.slice(event.anchorStart, event.anchorEnd) : null
  }

  #tagOf(event: { tagStart: number; tagEnd: number }): string | null {
    if (event.tagStart < 0) return null
    const tag = this.file.text.slice(event.tagStart, event.tagEnd)
    const verbatim = /^!<tag:yaml\.org,2002:(\w+)>$/.exec(tag)
    return verbatim ? `!!${verbatim[1]}` : tag
  }

  #checkCollectionTag(event: { tagStart: number; tagEnd: number }, expected: string): void {
    const tag = this.#tagOf(event)
    if (tag !== null && tag !== expected && tag !== '!')
      this.bag.error('definition/syntax', this.#at(event.tagStart), `unsupported tag ${tag}`)
  }

  #scalar(event: ScalarEvent): ScalarNode {
    const anchor = this.#anchorOf(event)
    const empty = event.valueStart < 0
    const text = empty ? '' : getScalarValue(this.file.text, event)
    const quoted = event.style === SCALAR_STYLE.SINGLE_QUOTED || event.style === SCALAR_STYLE.DOUBLE_QUOTED
    // a quoted value is reported at its opening quote, where it is written
    const valueStart = quoted && event.valueStart > 0 ? event.valueStart - 1 : event.valueStart
    const start = event.anchorStart >= 0 ? event.anchorStart - 1 : empty ? this.#lastOffset : valueStart
    if (!empty) this.#lastOffset = event.valueEnd
    const loc = this.#at(start)
    const plain = event.style === SCALAR_STYLE.PLAIN
    const value = this.#resolve(event, text, plain, loc)
    const node: ScalarNode = { kind: 'scalar', loc, value, text, plain: plain && event.tagStart < 0 }
    if (anchor !== null) this.#anchors.set(anchor, node)
    return node
  }

  #resolve(event: ScalarEvent, text: string, plain: boolean, loc: Loc): ScalarValue {
    const tag = this.#tagOf(event)
    if (tag !== null) {
      const resolver = EXPLICIT_SCALAR_TAGS[tag]
      if (resolver === undefined) {
        this.bag.error('definition/syntax', this.#at(event.tagStart), `unsupported tag ${tag}`)
        return text
      }
      if (resolver === 'str') return text
      const value = resolver.resolve(text, true, tag)
      if (value === NOT_RESOLVED) {
        this.bag.error('definition/syntax', loc, `cannot resolve ${tag} value ${JSON.stringify(text)}`)
        return text
      }
      return value as ScalarValue
    }
    if (!plain) return text
    for (const candidate of IMPLICIT_TAGS) {
      const value = candidate.resolve(text, false, candidate.tagName)
      if (value !== NOT_RESOLVED) return value as ScalarValue
    }
    return text
  }

  #add(node: DocNode): void {
    const frame = this.#stack[this.#stack.length - 1]
    if (frame === undefined) {
      if (this.#root === undefined) this.#root = node
      return
    }
    if (frame.kind === 'seq') {
      frame.items.push(node)
      return
    }
    if (frame.skipValue) {
      frame.skipValue = false
      return
    }
    const pending = frame.pendingKey
    if (pending === null) {
      if (node.kind !== 'scalar') {
        this.bag.error('definition/syntax', node.loc, 'mapping keys must be scalars')
        frame.skipValue = true
        return
      }
      const merge = node.plain && node.text === '<<'
      frame.pendingKey = { key: node.text, keyLoc: node.loc, merge }
      return
    }
    frame.pendingKey = null
    if (pending.merge) {
      frame.items.push({ merge: node, loc: pending.keyLoc })
      return
    }
    if (frame.explicit.has(pending.key)) {
      this.bag.error('definition/duplicate-key', pending.keyLoc, `duplicate key ${JSON.stringify(pending.key)}`)
      return
    }
    frame.explicit.add(pending.key)
    frame.items.push({ entry: { key: pending.key, keyLoc: pending.keyLoc, value: node } })
  }

  /** Explicit entries in place; merged entries at the `<<`, unless written explicitly or merged earlier (D9). */
  #finishMap(frame: MapFrame): MapNode {
    const entries: MapEntry[] = []
    const taken = new Set(frame.explicit)
    for (const item of frame.items) {
      if ('entry' in item) {
        entries.push(item.entry)
        continue
      }
      const sources = item.merge.kind === 'seq' ? item.merge.items : [item.merge]
      for (const source of sources) {
        if (source.kind !== 'map') {
          this.bag.error('definition/syntax', source.loc, 'a merge key (<<) takes a mapping or a list of mappings')
          continue
        }
        for (const entry of source.entries) {
          if (taken.has(entry.key)) continue
          taken.add(entry.key)
          entries.push(entry)
        }
      }
    }
    return { kind: 'map', loc: frame.loc, entries }
  }
}
