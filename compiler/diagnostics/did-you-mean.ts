/**
 * Near-miss suggestions for unknown names (up to three, by edit distance), as names for the
 * diagnostic's `suggestions` and as the `; did you mean …?` end of its message.
 */

export function editDistance(a: string, b: string): number {
  const previous = new Array<number>(b.length + 1)
  for (let j = 0; j <= b.length; j++) previous[j] = j
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0]!
    previous[0] = i
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j]!
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      previous[j] = Math.min(above + 1, previous[j - 1]! + 1, diagonal + cost)
      diagonal = above
    }
  }
  return previous[b.length]!
}

/** Candidates close to `name`, best first; at most three. */
export function didYouMean(name: string, candidates: Iterable<string>): string[] {
  const limit = Math.max(1, Math.floor(name.length / 3))
  const scored: [string, number][] = []
  for (const candidate of candidates) {
    if (candidate === name) continue
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase())
    if (distance <= limit) scored.push([candidate, distance])
  }
  scored.sort((x, y) => x[1] - y[1] || (x[0] < y[0] ? -1 : 1))
  return scored.slice(0, 3).map(([candidate]) => candidate)
}

/**
 * Near-miss names for an unknown name: the names themselves (a diagnostic's `suggestions`, data for
 * editors and machine formats) and the message suffix that shows them (`; did you mean <eval>?`).
 */
export interface Suggestions {
  readonly names: readonly string[]
  readonly suffix: string
}

/** `; did you mean x?` / `; did you mean x, y or z?` for `names` shown through `wrap`; '' for none. */
export function suggestionText(names: readonly string[], wrap = (s: string) => s): string {
  const found = names.map(wrap)
  if (found.length === 0) return ''
  const list = found.length === 1 ? found[0] : `${found.slice(0, -1).join(', ')} or ${found[found.length - 1]}`
  return `; did you mean ${list}?`
}

/** `didYouMean` as names and message suffix. */
export function suggest(name: string, candidates: Iterable<string>, wrap?: (s: string) => string): Suggestions {
  const names = didYouMean(name, candidates)
  return { names, suffix: suggestionText(names, wrap) }
}

/** `; did you mean x?` / `; did you mean x or y?`, or '' when nothing is close. */
export function suggestionSuffix(name: string, candidates: Iterable<string>, wrap = (s: string) => s): string {
  return suggest(name, candidates, wrap).suffix
}

/**
 * Edit distance where swapping two neighbouring characters counts as one edit (optimal string
 * alignment), the most common typo in element and variable names (`requets`, `reqeust`).
 */
export function swapAwareDistance(a: string, b: string): number {
  const rows: number[][] = []
  for (let i = 0; i <= a.length; i++) rows.push([i])
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1)
      rows[i]![j] = best
    }
  }
  return rows[a.length]![b.length]!
}

/**
 * The closest candidates only: smallest swap-aware distance (within the limit of `didYouMean`), ties
 * broken by the smallest length difference, then alphabetically; at most three. `requets` gives
 * `request` alone, where `didYouMean` also offers `requests`.
 */
export function bestMatches(name: string, candidates: Iterable<string>): string[] {
  const limit = Math.max(1, Math.floor(name.length / 3))
  const lower = name.toLowerCase()
  let scored: [string, number, number][] = []
  for (const candidate of candidates) {
    if (candidate === name) continue
    const distance = swapAwareDistance(lower, candidate.toLowerCase())
    if (distance <= limit) scored.push([candidate, distance, Math.abs(candidate.length - name.length)])
  }
  scored.sort((x, y) => x[1] - y[1] || x[2] - y[2] || (x[0] < y[0] ? -1 : 1))
  const first = scored[0]
  if (first) scored = scored.filter(([, distance, lengthDiff]) => distance === first[1] && lengthDiff === first[2])
  return scored.slice(0, 3).map(([candidate]) => candidate)
}

/** `bestMatches` as names and message suffix. */
export function suggestBest(name: string, candidates: Iterable<string>, wrap?: (s: string) => string): Suggestions {
  const names = bestMatches(name, candidates)
  return { names, suffix: suggestionText(names, wrap) }
}

/** Like `suggestionSuffix`, with `bestMatches`. */
export function bestMatchSuffix(name: string, candidates: Iterable<string>, wrap = (s: string) => s): string {
  return suggestBest(name, candidates, wrap).suffix
}
