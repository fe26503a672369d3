/**
 * Parsed JSON as the runtime keeps it. Unlike `JSON.parse` output it keeps number literals as written
 * (oxn.md OXN-7), member order with duplicate keys resolved (OXN-12), and never touches object
 * prototypes. OXN trees (runtime/oxn) are lazy views over these values.
 */

/** A JSON number, kept as its literal text; `value` is the double it stands for. */
export class JsonNumber {
  constructor(readonly text: string) {}
  get value(): number {
    return Number(this.text)
  }
}

/**
 * A number whose text is known to be a JSON number literal (parsed, or written by the gateway):
 * rendered as it is, without checking the text again.
 */
export class JsonNumberLiteral extends JsonNumber {}

/** A JSON object: keys in document order, no duplicates. */
export class JsonObject {
  constructor(
    readonly keys: readonly string[],
    readonly values: readonly JsonValue[],
  ) {}

  static fromEntries(entries: Iterable<readonly [string, JsonValue]>): JsonObject {
    const keys: string[] = []
    const values: JsonValue[] = []
    const index = new Map<string, number>()
    for (const [key, value] of entries) {
      const at = index.get(key)
      if (at === undefined) {
        index.set(key, keys.length)
        keys.push(key)
        values.push(value)
      } else values[at] = value
    }
    return new JsonObject(keys, values)
  }

  get(key: string): JsonValue | undefined {
    const at = this.keys.indexOf(key)
    return at < 0 ? undefined : this.values[at]
  }
}

export type JsonValue = string | JsonNumber | boolean | null | readonly JsonValue[] | JsonObject

/** A number computed by the gateway, written in the number format of templates.md T-OUT-4. */
/**
 * The string form of a scalar (security.md J9 compares claims this way, rate-limits.md RL3 keys by
 * it): a string as it is, a number by its JSON text, a boolean as `true`/`false`; null for `null`,
 * arrays and objects.
 */
export function scalarText(value: JsonValue | undefined): string | null {
  if (typeof value === 'string') return value
  if (value instanceof JsonNumber) return value.text
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  return null
}

export function jsonNumberOf(value: number): JsonNumber | null {
  if (!Number.isFinite(value)) return null
  return new JsonNumberLiteral(Object.is(value, -0) ? '0' : String(value))
}
