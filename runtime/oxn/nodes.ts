/**
 * OXN nodes (oxn.md section 1): lazy, memoised views over a JsonValue, shaped as fontoxpath expects
 * (`nodeType`, `nodeName`, `localName`, `namespaceURI` and `prefix` null; attributes with `name` and
 * `value`; text nodes with `data`). Nothing is built until it is accessed: a child element is made on
 * first access and then kept, so the same JSON member always yields the same node object within a
 * tree (stable identity, as XPath's `is` and document order need).
 *
 * Implements OXN-1 (document and `json` root), OXN-2 (one type attribute, `name` on `json-element`),
 * OXN-3/OXN-4 (members in order, element names), OXN-5 (`value` items), OXN-6..OXN-10 (text children),
 * OXN-11 (no other nodes), OXN-14 (document and root element are the same tree).
 * The four classes live together because they reference each other's internals.
 */
import type { Content } from '../values/content.js'
import { JsonObject, type JsonValue } from '../values/json-value.js'
import { ESCAPED_MEMBER_NAME, ITEM_NAME, type JsonType, jsonTypeOf, memberElementName, ROOT_NAME } from './json-type.js'

/** Objects with more members than this get a key index on the first lookup by name. */
const LINEAR_NAME_SEARCH_LIMIT = 16

const NO_ELEMENTS: readonly OxnElement[] = Object.freeze([])

/** Common base of the four OXN node classes (`isOxnNode` tests for it). */
export abstract class OxnNode {
  abstract get nodeType(): number
  abstract get nodeName(): string
  get namespaceURI(): null {
    return null
  }
  get prefix(): null {
    return null
  }
}

/** The document node (nodeType 9): its only child is the `json` root element (OXN-1). */
export class OxnDocument extends OxnNode {
  /** The `json` root element. */
  readonly documentElement: OxnElement
  #children: readonly OxnElement[] | undefined

  constructor(
    json: JsonValue,
    /** The content value this document was decoded from, if any (XP-CONV-1 uses its text). */
    readonly content?: Content,
  ) {
    super()
    this.documentElement = new OxnElement(this, json, '', 0, ROOT_NAME)
  }

  get nodeType(): 9 {
    return 9
  }
  get nodeName(): '#document' {
    return '#document'
  }
  get localName(): null {
    return null
  }
  get parentNode(): null {
    return null
  }

  /** The child elements: just the root element (memoised). */
  children(): readonly OxnElement[] {
    return (this.#children ??= Object.freeze([this.documentElement]))
  }
}

/** An element (nodeType 1) representing one JSON value. */
export class OxnElement extends OxnNode {
  readonly jsonType: JsonType
  #children: OxnElement[] | undefined
  #complete = false
  #text: OxnText | null | undefined
  #attributes: readonly OxnAttribute[] | undefined
  #keyIndex: Map<string, number | number[]> | undefined

  constructor(
    /** The containing element, or the document for the root element. */
    readonly parent: OxnElement | OxnDocument,
    /** The JSON value this element represents. */
    readonly json: JsonValue,
    /** The member key in the containing object; '' for array items and the root. */
    readonly key: string,
    /** Position among the parent's child elements, from 0. */
    readonly index: number,
    readonly localName: string,
  ) {
    super()
    this.jsonType = jsonTypeOf(json)
  }

  get nodeType(): 1 {
    return 1
  }
  get nodeName(): string {
    return this.localName
  }
  get parentNode(): OxnElement | OxnDocument {
    return this.parent
  }

  /** The document this element belongs to. */
  get ownerDocument(): OxnDocument {
    let node: OxnElement | OxnDocument = this.parent
    while (node instanceof OxnElement) node = node.parent
    return node
  }

  /** Number of child elements (members or items); 0 for scalars. */
  get childCount(): number {
    const json = this.json
    if (json instanceof JsonObject) return json.keys.length
    return Array.isArray(json) ? json.length : 0
  }

  /** The child element at `index` (made on first access), or undefined past the end. */
  childAt(index: number): OxnElement | undefined {
    const json = this.json
    let child = this.#children?.[index]
    if (child !== undefined) return child
    if (json instanceof JsonObject) {
      if (index < 0 || index >= json.keys.length) return undefined
      const key = json.keys[index]!
      child = new OxnElement(this, json.values[index]!, key, index, memberElementName(key))
    } else if (Array.isArray(json)) {
      if (index < 0 || index >= json.length) return undefined
      child = new OxnElement(this, (json as readonly JsonValue[])[index]!, '', index, ITEM_NAME)
    } else return undefined
    // `new Array`, not `[]`: see singleton() (runtime/values/item.ts) on pretenured literals
    ;(this.#children ??= new Array<OxnElement>())[index] = child
    return child
  }

  /** All child elements in document order (memoised). */
  children(): readonly OxnElement[] {
    if (this.#complete) return this.#children!
    const count = this.childCount
    if (count === 0) return NO_ELEMENTS
    for (let i = 0; i < count; i++) this.childAt(i)
    this.#complete = true
    return this.#children!
  }

  /** The child elements named `name`, in document order, without making unrelated siblings. */
  childrenNamed(name: string): readonly OxnElement[] {
    const json = this.json
    if (Array.isArray(json)) return name === ITEM_NAME ? this.children() : NO_ELEMENTS
    if (!(json instanceof JsonObject)) return NO_ELEMENTS
    if (name === ESCAPED_MEMBER_NAME) {
      const found: OxnElement[] = []
      const keys = json.keys
      for (let i = 0; i < keys.length; i++) {
        if (memberElementName(keys[i]!) === ESCAPED_MEMBER_NAME) found.push(this.childAt(i)!)
      }
      return found
    }
    const at = this.#indexOfKey(json, name)
    if (at === -1) return NO_ELEMENTS
    // a key that is not an NCName is spelled `json-element`, so it does not match its own text
    if (typeof at === 'number') {
      const child = this.childAt(at)!
      return child.localName === name ? only(child) : NO_ELEMENTS
    }
    const first = this.childAt(at[0]!)!
    return first.localName === name ? at.map((i) => this.childAt(i)!) : NO_ELEMENTS
  }

  /** The text child (OXN-6..OXN-8), or null for null, empty strings and containers. */
  textNode(): OxnText | null {
    if (this.#text !== undefined) return this.#text
    const json = this.json
    let data: string | null
    switch (this.jsonType) {
      case 'string':
        data = json === '' ? null : (json as string)
        break
      case 'number':
        data = (json as { text: string }).text
        break
      case 'boolean':
        data = json ? 'true' : 'false'
        break
      default:
        data = null
    }
    this.#text = data === null ? null : new OxnText(this, data)
    return this.#text
  }

  /** The attributes: `name` for `json-element`, then the type attribute (OXN-2). */
  attributeNodes(): readonly OxnAttribute[] {
    if (this.#attributes === undefined) {
      const type = new OxnAttribute(this, this.jsonType, '')
      this.#attributes = Object.freeze(
        this.localName === ESCAPED_MEMBER_NAME && this.parent instanceof OxnElement
          ? [new OxnAttribute(this, 'name', this.key), type]
          : [type],
      )
    }
    return this.#attributes
  }

  /** An attribute's value, or null when absent (as DOM `getAttribute`). */
  getAttribute(name: string): string | null {
    if (name === this.jsonType) return ''
    if (name === 'name' && this.localName === ESCAPED_MEMBER_NAME && this.parent instanceof OxnElement) return this.key
    return null
  }

  /** Position of `key` in `json.keys` (a list when a hand-built object repeats it), or -1. */
  #indexOfKey(json: JsonObject, key: string): number | number[] {
    const keys = json.keys
    if (keys.length <= LINEAR_NAME_SEARCH_LIMIT) {
      let found: number | number[] = -1
      for (let i = 0; i < keys.length; i++) {
        if (keys[i] !== key) continue
        if (found === -1) found = i
        else if (typeof found === 'number') found = [found, i]
        else found.push(i)
      }
      return found
    }
    let index = this.#keyIndex
    if (index === undefined) {
      index = new Map()
      for (let i = 0; i < keys.length; i++) {
        const seen = index.get(keys[i]!)
        if (seen === undefined) index.set(keys[i]!, i)
        else if (typeof seen === 'number') index.set(keys[i]!, [seen, i])
        else seen.push(i)
      }
      this.#keyIndex = index
    }
    return index.get(key) ?? -1
  }
}

/** An attribute (nodeType 2): the type attribute, or `name` on a `json-element`. */
export class OxnAttribute extends OxnNode {
  constructor(
    readonly ownerElement: OxnElement,
    readonly name: string,
    readonly value: string,
  ) {
    super()
  }

  get nodeType(): 2 {
    return 2
  }
  get nodeName(): string {
    return this.name
  }
  get localName(): string {
    return this.name
  }
  /** As in the DOM, attributes have no parent node; the XPath parent is `ownerElement`. */
  get parentNode(): null {
    return null
  }
}

/** A text node (nodeType 3): the only child of a string, number or boolean element. */
export class OxnText extends OxnNode {
  constructor(
    readonly parent: OxnElement,
    readonly data: string,
  ) {
    super()
  }

  get nodeType(): 3 {
    return 3
  }
  get nodeName(): '#text' {
    return '#text'
  }
  get localName(): null {
    return null
  }
  get parentNode(): OxnElement {
    return this.parent
  }
}

export type OxnNodeKind = OxnDocument | OxnElement | OxnAttribute | OxnText

/** `[element]` made by `new Array` (see singleton() in runtime/values/item.ts on pretenured literals). */
function only(element: OxnElement): readonly OxnElement[] {
  const one = new Array<OxnElement>()
  one.push(element)
  return one
}
