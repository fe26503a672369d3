/**
 * Conversion of parameter and header texts before their constraints are checked (validation.md
 * VA11): `integer`, `number` and `boolean` by the accepted-text table, arrays split by
 * `collectionFormat` at every separator without trimming (header `csv` items are trimmed of spaces
 * and tabs), an empty text being an empty array, nested `items` arrays split by their own format.
 * A text that does not convert is a `Type` violation on that text (the item, for arrays).
 */
import type { CollectionFormat, ItemsPlan, ParameterType } from './plan.js'

/** A converted value and, in the same shape, the texts it came from (for quoting, VA32a). */
export interface Converted {
  readonly value: unknown
  /** The text, or one entry per array item. */
  readonly raw: RawText
}

export type RawText = string | readonly RawText[]

/** The text that did not convert, and the type it should have had. */
export interface ConversionFailure {
  readonly failed: string
  readonly type: Exclude<ParameterType, 'file' | 'array'>
}

const INTEGER = /^-?[0-9]+$/
const NUMBER = /^-?([0-9]+(\.[0-9]+)?|\.[0-9]+)([eE][-+]?[0-9]+)?$/

const SEPARATORS: Readonly<Record<Exclude<CollectionFormat, 'multi'>, string>> = {
  csv: ',',
  ssv: ' ',
  tsv: '\t',
  pipes: '|',
}

/** Splits one text by a collection format; `''` is an empty array (VA11). */
export function splitCollection(
  text: string,
  format: Exclude<CollectionFormat, 'multi'>,
  trimItems: boolean,
): string[] {
  if (text === '') return []
  const items = text.split(SEPARATORS[format])
  return trimItems ? items.map((item) => item.replace(/^[ \t]+|[ \t]+$/g, '')) : items
}

/** Converts one scalar text; undefined when it does not convert. */
export function convertScalar(text: string, type: Exclude<ParameterType, 'array' | 'file'>): unknown {
  switch (type) {
    case 'string':
      return text
    case 'integer':
      return INTEGER.test(text) ? Number(text) : undefined
    case 'number': {
      if (!NUMBER.test(text)) return undefined
      const value = Number(text)
      return Number.isFinite(value) ? value : undefined
    }
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : undefined
  }
}

/**
 * Converts a text of `type` (items for arrays); `input` is a list of items when the array arrived as
 * several occurrences (`multi`). Every item that does not convert is one failure.
 */
export function convertValue(
  input: string | readonly string[],
  type: Exclude<ParameterType, 'file'>,
  format: Exclude<CollectionFormat, 'multi'>,
  items: ItemsPlan | null,
  trimItems: boolean,
  failures: ConversionFailure[],
): Converted {
  if (type !== 'array') {
    const text = typeof input === 'string' ? input : (input[0] ?? '')
    const value = convertScalar(text, type)
    if (value === undefined) failures.push({ failed: text, type })
    return { value, raw: text }
  }
  const texts = typeof input === 'string' ? splitCollection(input, format, trimItems) : input
  const values: unknown[] = []
  const raws: RawText[] = []
  for (const text of texts) {
    const item =
      items === null
        ? { value: text, raw: text }
        : convertValue(text, items.type, items.collectionFormat, items.items, false, failures)
    values.push(item.value)
    raws.push(item.raw)
  }
  return { value: values, raw: raws }
}

/** The text at a JSON Pointer into a converted value (`''` is the whole text). */
export function rawTextAt(raw: RawText, pointer: string): string {
  let node: RawText = raw
  for (const part of pointer.split('/').slice(1)) {
    if (typeof node === 'string') break
    node = node[Number(part)] ?? ''
  }
  return typeof node === 'string' ? node : flatten(node)
}

function flatten(raw: RawText): string {
  return typeof raw === 'string' ? raw : raw.map(flatten).join(',')
}
