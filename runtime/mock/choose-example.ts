/**
 * Choosing the example (operations.md MK2): the `Accept` header is parsed with quality values and
 * wildcards; the example whose media type gets the highest quality wins, ties going to the order in
 * `examples`. Without `Accept`, or with `*`/`*` only, `application/json` is chosen when present, else
 * the first listed media type.
 *
 * Decided: a media range applies to an example by its most specific match (`type/subtype` before
 * `type/*` before `*`/`*`, RFC 9110 section 12.5.1); parameters other than `q` are ignored; quality 0
 * means "not acceptable"; an unparsable range is skipped.
 */
import type { MockExample } from './mock-table.js'

interface MediaRange {
  readonly type: string
  readonly subtype: string
  readonly q: number
}

function essence(mediaType: string): string {
  const semi = mediaType.indexOf(';')
  return (semi < 0 ? mediaType : mediaType.slice(0, semi)).trim().toLowerCase()
}

export function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = []
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.split(';')
    const slash = range.indexOf('/')
    if (slash <= 0) continue
    const type = range.slice(0, slash).trim().toLowerCase()
    const subtype = range
      .slice(slash + 1)
      .trim()
      .toLowerCase()
    if (type === '' || subtype === '') continue
    let q = 1
    for (const param of params) {
      const [name = '', value = ''] = param.split('=')
      if (name.trim().toLowerCase() !== 'q') continue
      const number = Number(value.trim())
      q = Number.isFinite(number) && number >= 0 && number <= 1 ? number : 1
    }
    ranges.push({ type, subtype, q })
  }
  return ranges
}

/** The quality of `mediaType` under `ranges`: that of its most specific matching range, 0 when none. */
function qualityOf(mediaType: string, ranges: readonly MediaRange[]): number {
  const [type = '', subtype = ''] = essence(mediaType).split('/')
  let best = -1
  let quality = 0
  for (const range of ranges) {
    let specificity: number
    if (range.type === type && range.subtype === subtype) specificity = 2
    else if (range.type === type && range.subtype === '*') specificity = 1
    else if (range.type === '*' && range.subtype === '*') specificity = 0
    else continue
    if (specificity > best) {
      best = specificity
      quality = range.q
    }
  }
  return quality
}

/** The example to send, or null when none is acceptable. */
export function chooseExample(examples: readonly MockExample[], accept: string | undefined): MockExample | null {
  if (examples.length === 0) return null
  const ranges = accept === undefined ? [] : parseAccept(accept)
  if (ranges.every((range) => range.type === '*' && range.subtype === '*') && ranges.every((range) => range.q > 0)) {
    return examples.find((example) => essence(example.mediaType) === 'application/json') ?? examples[0]!
  }
  let chosen: MockExample | null = null
  let best = 0
  for (const example of examples) {
    const quality = qualityOf(example.mediaType, ranges)
    if (quality > best) {
      best = quality
      chosen = example
    }
  }
  return chosen
}
