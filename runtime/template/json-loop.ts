/**
 * Loops over JSON content read in place (issue 22). When the compiler found that a template only
 * loops over its input (`{{loop .}}` or a child path) and only copies child paths of the items
 * (`{{ id }}`), and its input is JSON content not decoded yet, the template runs over the text itself:
 * one pass that checks the text as parse-json.ts would (oxn.md OXN-13) and copies each member's text
 * as written where that is its JSON output (numbers keep their literal, OXN-7; plain strings, T-ESC-1),
 * with no values, nodes or objects per item. What it cannot do so, it hands back by throwing
 * NOT_READ_IN_PLACE, and the template runs again over the decoded content (runtime/template/output.ts):
 * text that is not strict JSON, a loop value that is not an array, a repeated key on the loop's path,
 * or any other command. Members that need rendering (escaped strings, objects, arrays) and deeper
 * paths are decoded one value at a time.
 */
import { JsonTextReader, MAX_JSON_DEPTH, parseJson, renderMemberAt } from '../oxn/index.js'

/** The context item of a template run over undecoded JSON text. */
export class JsonTextFocus {
  constructor(readonly text: string) {}
}

/** Thrown to hand a template run back to the decoded content; a constant, so throwing makes nothing. */
export const NOT_READ_IN_PLACE: unique symbol = Symbol('not read in place')

/** Fields of one member in JsonItem.members, while the loop reads its first object. */
const KEY_START = 0
const KEY_END = 1
/** 1 when the key is written without escapes (it then equals a name exactly when its text does). */
const KEY_PLAIN = 2
const VALUE_START = 3
const VALUE_END = 4
/** 1 when the value's text as written is its JSON output (a number, literal or plain string). */
const VALUE_AS_WRITTEN = 5
const FIELDS = 6

/** Fields of one read member in JsonItem.slots, once the loop knows which members it reads. */
const SLOT_START = 0
const SLOT_END = 1
const SLOT_AS_WRITTEN = 2
const SLOT_FIELDS = 3

/**
 * The current item of a loop over JSON text: its span and, for an object, the spans of its members.
 * One per loop, filled again for each item. A loop body that only copies child paths asks for the
 * same members of every item: while the first object is read, all its members are recorded and the
 * names asked for are noted; from the next object on, only those members are recorded.
 */
export class JsonItem {
  start = 0
  end = 0
  isObject = false
  /** Member count of the first object. */
  #count = 0
  #members = new Int32Array(16 * FIELDS)
  /** The first names of the paths asked for of the first object; after it, the members recorded. */
  readonly #names: string[] = []
  /** Whether the first object has been read (then `#slots` hold the members in `#names`). */
  #learned = false
  #slots = new Int32Array(0)

  constructor(readonly text: string) {}

  /**
   * The JSON output of the first value the child path `path` selects below this item (as
   * firstMemberAt over the decoded item would give it), or 'null' when it selects nothing (T-OUT-2).
   */
  render(path: readonly string[]): string {
    if (!this.isObject) return renderMemberAt(parseJson(this.text.slice(this.start, this.end)), path)
    const name = path[0]!
    let start: number
    let end: number
    let asWritten: boolean
    if (this.#learned) {
      const slot = this.#names.indexOf(name)
      // a body asks for the same members of every item: anything else hands the run back
      if (slot < 0) throw NOT_READ_IN_PLACE
      const at = slot * SLOT_FIELDS
      start = this.#slots[at + SLOT_START]!
      if (start < 0) return 'null'
      end = this.#slots[at + SLOT_END]!
      asWritten = this.#slots[at + SLOT_AS_WRITTEN] === 1
    } else {
      if (!this.#names.includes(name)) this.#names.push(name)
      const at = this.#lastMember(name)
      if (at < 0) return 'null'
      start = this.#members[at + VALUE_START]!
      end = this.#members[at + VALUE_END]!
      asWritten = this.#members[at + VALUE_AS_WRITTEN] === 1
    }
    const value = this.text.slice(start, end)
    if (path.length === 1 && asWritten) return value
    return renderMemberAt(parseJson(value), path, 1)
  }

  /** Where the fields of the last member named `name` start (OXN-12: a repeated key's last value), or -1. */
  #lastMember(name: string): number {
    const members = this.#members
    for (let at = (this.#count - 1) * FIELDS; at >= 0; at -= FIELDS) {
      if (this.#keyIs(members[at + KEY_START]!, members[at + KEY_END]!, members[at + KEY_PLAIN] === 1, name)) return at
    }
    return -1
  }

  /** Whether the key between `keyStart` and `keyEnd` (no quotes) is `name`; an escaped key is decoded. */
  #keyIs(keyStart: number, keyEnd: number, keyPlain: boolean, name: string): boolean {
    if (keyPlain) {
      if (keyEnd - keyStart !== name.length) return false
      // a loop of charCodeAt, which the optimiser inlines: startsWith at an offset of a long text
      // measured as a quarter of the whole read
      for (let i = 0; i < name.length; i++) if (this.text.charCodeAt(keyStart + i) !== name.charCodeAt(i)) return false
      return true
    }
    return parseJson(this.text.slice(keyStart - 1, keyEnd + 1)) === name
  }

  /**
   * Starts reading an object item. True from the second object on: then only the members asked for
   * are recorded (`slotOf`, `fill`); before, every member (`add`).
   */
  beginObject(): boolean {
    this.isObject = true
    if (this.#count === 0 && !this.#learned) return false
    if (!this.#learned) {
      this.#learned = true
      this.#slots = new Int32Array(this.#names.length * SLOT_FIELDS)
    }
    for (let at = 0; at < this.#slots.length; at += SLOT_FIELDS) this.#slots[at + SLOT_START] = -1
    return true
  }

  /** Where the member with this key is recorded once the members are known: its slot, or -1. */
  slotOf(keyStart: number, keyEnd: number, keyPlain: boolean): number {
    const names = this.#names
    for (let slot = 0; slot < names.length; slot++)
      if (this.#keyIs(keyStart, keyEnd, keyPlain, names[slot]!)) return slot
    return -1
  }

  /** Records a member of the first object. */
  add(
    keyStart: number,
    keyEnd: number,
    keyPlain: boolean,
    valueStart: number,
    valueAsWritten: boolean,
    valueEnd: number,
  ): void {
    let members = this.#members
    const at = this.#count * FIELDS
    if (at + FIELDS > members.length) {
      const grown = new Int32Array(members.length * 2)
      grown.set(members)
      members = this.#members = grown
    }
    members[at + KEY_START] = keyStart
    members[at + KEY_END] = keyEnd
    members[at + KEY_PLAIN] = keyPlain ? 1 : 0
    members[at + VALUE_START] = valueStart
    members[at + VALUE_END] = valueEnd
    members[at + VALUE_AS_WRITTEN] = valueAsWritten ? 1 : 0
    this.#count++
  }

  /** Records a member asked for (a later one of the same key replaces it, OXN-12). */
  fill(slot: number, valueStart: number, valueAsWritten: boolean, valueEnd: number): void {
    const at = slot * SLOT_FIELDS
    this.#slots[at + SLOT_START] = valueStart
    this.#slots[at + SLOT_END] = valueEnd
    this.#slots[at + SLOT_AS_WRITTEN] = valueAsWritten ? 1 : 0
  }
}

/** An object on the loop's path: the member name followed into it, and how deep it is. */
interface PathStep {
  readonly name: string
  readonly depth: number
}

/**
 * The items of the array the child path `path` selects in the text (`[]`: the document itself), as
 * `{{loop}}` iterates them (T-LOOP-1): each next() checks one item and fills the JsonItem; after the
 * last, the rest of the text is checked. Throws NOT_READ_IN_PLACE where the template must run over
 * the decoded content instead.
 */
export class JsonItems implements IterableIterator<JsonItem> {
  readonly #reader: JsonTextReader
  readonly #item: JsonItem
  readonly #steps: PathStep[] = []
  readonly #result: IteratorResult<JsonItem>
  #depth = 1
  #first = true
  #done = false

  constructor(text: string, path: readonly string[]) {
    const reader = (this.#reader = new JsonTextReader(text))
    this.#item = new JsonItem(text)
    this.#result = { done: false, value: this.#item }
    reader.skipDocumentStart()
    for (const name of path) this.#enter(name)
    if (reader.peek() !== 0x5b /* [ */ || this.#depth > MAX_JSON_DEPTH) throw NOT_READ_IN_PLACE
    reader.pos++
  }

  [Symbol.iterator](): this {
    return this
  }

  next(): IteratorResult<JsonItem> {
    if (this.#done) return DONE
    const reader = this.#reader
    reader.skipWhitespace()
    const c = reader.peek()
    if (c === 0x5d /* ] */) return this.#finish()
    if (this.#first) this.#first = false
    else {
      if (c !== 0x2c /* , */) throw NOT_READ_IN_PLACE
      reader.pos++
      reader.skipWhitespace()
    }
    this.#read()
    return this.#result
  }

  /**
   * Reads the item at the reader into the JsonItem. An object's keys, colons, commas and plain strings
   * are read here with the position in a local variable, the reader called for other values and for
   * strings that are not plain: reading objects of 6 members so measured about a quarter faster than
   * calling the reader's methods step by step.
   */
  #read(): void {
    const reader = this.#reader
    const text = reader.text
    const item = this.#item
    let pos = reader.pos
    item.start = pos
    if (text.charCodeAt(pos) !== 0x7b /* { */) {
      item.isObject = false
      if (!reader.skimValue(this.#depth)) throw NOT_READ_IN_PLACE
      item.end = reader.pos
      return
    }
    const learned = item.beginObject()
    const depth = this.#depth + 1
    if (depth > MAX_JSON_DEPTH) throw NOT_READ_IN_PLACE
    pos = skipWhitespaceAt(text, pos + 1)
    if (text.charCodeAt(pos) === 0x7d /* } */) {
      reader.pos = item.end = pos + 1
      return
    }
    for (;;) {
      if (text.charCodeAt(pos) !== 0x22 /* " */) throw NOT_READ_IN_PLACE
      const keyStart = pos + 1
      let keyEnd = reader.plainStringEnd(keyStart)
      let keyPlain = true
      if (keyEnd < 0) {
        reader.pos = pos
        if (!reader.skimString()) throw NOT_READ_IN_PLACE
        keyEnd = reader.pos - 1
        keyPlain = reader.plainString
      }
      pos = skipWhitespaceAt(text, keyEnd + 1)
      if (text.charCodeAt(pos) !== 0x3a /* : */) throw NOT_READ_IN_PLACE
      pos = skipWhitespaceAt(text, pos + 1)
      const valueStart = pos
      // numbers and literals are written as they are; strings when plain; objects and arrays never
      let asWritten = true
      const c = text.charCodeAt(pos)
      if (c === 0x22) {
        const quote = reader.plainStringEnd(pos + 1)
        if (quote >= 0) pos = quote + 1
        else {
          reader.pos = pos
          if (!reader.skimString()) throw NOT_READ_IN_PLACE
          pos = reader.pos
          asWritten = reader.plainString
        }
      } else {
        reader.pos = pos
        if (!reader.skimValue(depth)) throw NOT_READ_IN_PLACE
        pos = reader.pos
        asWritten = c !== 0x7b && c !== 0x5b
      }
      if (!learned) item.add(keyStart, keyEnd, keyPlain, valueStart, asWritten, pos)
      else {
        const slot = item.slotOf(keyStart, keyEnd, keyPlain)
        if (slot >= 0) item.fill(slot, valueStart, asWritten, pos)
      }
      pos = skipWhitespaceAt(text, pos)
      const next = text.charCodeAt(pos++)
      if (next === 0x7d) break
      if (next !== 0x2c /* , */) throw NOT_READ_IN_PLACE
      pos = skipWhitespaceAt(text, pos)
    }
    reader.pos = item.end = pos
  }

  /**
   * At a value of the path: it must be an object; its members are checked up to the first one named
   * `name`, where the reader stops at that member's value.
   */
  #enter(name: string): void {
    const reader = this.#reader
    if (reader.peek() !== 0x7b) throw NOT_READ_IN_PLACE
    const depth = this.#depth++
    if (depth > MAX_JSON_DEPTH) throw NOT_READ_IN_PLACE
    reader.pos++
    reader.skipWhitespace()
    for (;;) {
      if (reader.peek() !== 0x22) throw NOT_READ_IN_PLACE
      const found = this.#memberNamed(name)
      reader.skipWhitespace()
      if (found) {
        this.#steps.push({ name, depth })
        return
      }
      if (!reader.skimValue(depth)) throw NOT_READ_IN_PLACE
      reader.skipWhitespace()
      if (reader.text.charCodeAt(reader.pos++) !== 0x2c) throw NOT_READ_IN_PLACE
      reader.skipWhitespace()
    }
  }

  /** At a member's key: checks key and colon; whether the key is `name`. */
  #memberNamed(name: string): boolean {
    const reader = this.#reader
    const keyStart = reader.pos
    if (!reader.skimString()) throw NOT_READ_IN_PLACE
    const key = reader.text.slice(keyStart, reader.pos)
    const found = reader.plainString
      ? key.length === name.length + 2 && key.startsWith(name, 1)
      : parseJson(key) === name
    reader.skipWhitespace()
    if (reader.peek() !== 0x3a) throw NOT_READ_IN_PLACE
    reader.pos++
    return found
  }

  /**
   * After the array: the rest of each object on the path is checked (a later member of the same name
   * would be the one the path selects, OXN-12: handed back), then the end of the text.
   */
  #finish(): IteratorResult<JsonItem> {
    const reader = this.#reader
    reader.pos++
    for (let i = this.#steps.length - 1; i >= 0; i--) {
      const step = this.#steps[i]!
      for (;;) {
        reader.skipWhitespace()
        const c = reader.text.charCodeAt(reader.pos++)
        if (c === 0x7d) break
        if (c !== 0x2c) throw NOT_READ_IN_PLACE
        reader.skipWhitespace()
        if (reader.peek() !== 0x22 || this.#memberNamed(step.name)) throw NOT_READ_IN_PLACE
        reader.skipWhitespace()
        if (!reader.skimValue(step.depth)) throw NOT_READ_IN_PLACE
      }
    }
    reader.skipWhitespace()
    if (reader.pos < reader.text.length) throw NOT_READ_IN_PLACE
    this.#done = true
    return DONE
  }
}

const DONE: IteratorResult<JsonItem> = Object.freeze({ done: true, value: undefined })

/**
 * Where the JSON whitespace at `pos` ends (`pos` itself in compact text). A copy of the reader's loop
 * on purpose: the reader's skipWhitespace calling this function measured 4-11 % slower on the referee
 * route (alternated rounds at 100 and 1000 users), as a shared loop did for the parser (json-grammar.ts).
 */
function skipWhitespaceAt(text: string, pos: number): number {
  let c = text.charCodeAt(pos)
  while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++pos)
  return pos
}
