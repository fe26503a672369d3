/**
 * A content value: bytes plus a media type (flows.md F-VAR-9, F-LOC-6). `$body`, files read by
 * `copy`, upstream response bodies and template output written to a content location are contents.
 * The decoded form (a document node or a string, oxn.md OXN-X6) is computed on first use and cached
 * on the object, which is never mutated otherwise.
 */
export class Content {
  /** Decoded form for expressions; filled by runtime/oxn on first access. */
  decoded: unknown = undefined
  #text: string | undefined
  /** Undefined for a content made from text until its bytes are asked for. */
  #bytes: Uint8Array | undefined

  constructor(
    bytes: Uint8Array,
    /** Full media type as recorded (`application/json; charset=utf-8`), or null when none was. */
    readonly mediaType: string | null,
  ) {
    this.#bytes = bytes
  }

  /** A content holding `text` as UTF-8; the bytes are made when first asked for. */
  static fromText(text: string, mediaType: string | null): Content {
    const content = new Content(NO_BYTES, mediaType)
    content.#bytes = undefined
    content.#text = text
    return content
  }

  get bytes(): Uint8Array {
    return (this.#bytes ??= Buffer.from(this.#text!, 'utf8'))
  }

  /**
   * What a response sends: the text of a content made from text (sent as UTF-8, so the same bytes;
   * node then writes head and body in one piece), else the bytes.
   */
  get sendable(): string | Uint8Array {
    return this.#bytes ?? this.#text!
  }

  /** The media type without parameters, lower-cased (`application/json`), or '' when none. */
  get essence(): string {
    if (!this.mediaType) return ''
    const semi = this.mediaType.indexOf(';')
    return (semi < 0 ? this.mediaType : this.mediaType.slice(0, semi)).trim().toLowerCase()
  }

  /** The bytes decoded by the media type's charset (UTF-8 when absent or unknown; bad bytes U+FFFD). */
  get text(): string {
    if (this.#text === undefined) this.#text = decodeText(this.bytes, charsetOf(this.mediaType))
    return this.#text
  }
}

const NO_BYTES = new Uint8Array(0)

function charsetOf(mediaType: string | null): string {
  const match = mediaType ? /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(mediaType) : null
  return match ? match[1]!.toLowerCase() : 'utf-8'
}

/** Stateless between calls (no `stream` option), so one serves every content. */
const UTF8 = new TextDecoder('utf-8')

function decodeText(bytes: Uint8Array, charset: string): string {
  if (charset === 'utf-8') return UTF8.decode(bytes)
  try {
    return new TextDecoder(charset).decode(bytes)
  } catch {
    return new TextDecoder('utf-8').decode(bytes)
  }
}
