/**
 * The examples that built-in mocking answers with (operations.md MK1, MK3, MK6), compiled from the
 * `examples` of each operation's `200` response: per route pattern and method, the media types in
 * `examples` order with the body already rendered at build time (MK3: JSON media types get the
 * example as compact JSON, a string example verbatim; other media types a string verbatim, anything
 * else as compact JSON; `$ref`s resolved). Routes without operations have no entry (MK6).
 */

export interface MockExample {
  /** As written in `examples`, e.g. `application/json`. */
  readonly mediaType: string
  /** The body bytes. */
  readonly body: Uint8Array
}

/** Route pattern -> upper-case method -> examples in `examples` order. */
export type MockTable = ReadonlyMap<string, ReadonlyMap<string, readonly MockExample[]>>

/** One example as generated code writes it: media type, body text, and `base64` when the text is base64 of raw bytes. */
export type MockExampleSpec = readonly [mediaType: string, body: string, encoding?: 'base64']

export type MockTableSpec = readonly (readonly [
  pattern: string,
  operations: readonly (readonly [method: string, examples: readonly MockExampleSpec[]])[],
])[]

/** Builds the frozen table once at module load (`src/mocks.ts`). */
export function createMockTable(spec: MockTableSpec): MockTable {
  const table = new Map<string, ReadonlyMap<string, readonly MockExample[]>>()
  for (const [pattern, operations] of spec) {
    const byMethod = new Map<string, readonly MockExample[]>()
    for (const [method, examples] of operations) {
      byMethod.set(
        method,
        Object.freeze(
          examples.map(([mediaType, body, encoding]) =>
            Object.freeze({ mediaType, body: Buffer.from(body, encoding === 'base64' ? 'base64' : 'utf8') }),
          ),
        ),
      )
    }
    table.set(pattern, byMethod)
  }
  return table
}
