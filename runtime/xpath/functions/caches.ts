/**
 * Per-gateway state of the extension functions (architecture: nothing with a lifetime at module
 * scope): site files read by the document functions (LOC-2: files of the compiled site copy may be
 * cached for the life of the process), JSON parsed from them, imported keys (KEY-1, KEY-2), compiled
 * sort keys (FN-sort-2) and regular expressions (RE). Every cache is bounded; the oldest entry goes
 * first.
 */
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Files larger than this are read on every use instead of being kept. */
const MAX_KEPT_FILE_BYTES = 1 << 20

const MAX_ENTRIES = 512

/** A Map that forgets its oldest entry when full. */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>()

  constructor(
    readonly keep: boolean,
    readonly limit = MAX_ENTRIES,
  ) {}

  /** The cached value of `key`, computed by `make` on a miss. */
  get(key: K, make: () => V): V {
    if (this.#entries.has(key)) return this.#entries.get(key) as V
    const value = make()
    if (!this.keep) return value
    if (this.#entries.size >= this.limit) this.#entries.delete(this.#entries.keys().next().value as K)
    this.#entries.set(key, value)
    return value
  }
}

export type SiteEntryKind = 'file' | 'directory'

export class FunctionCaches {
  readonly #root: string
  readonly #files: BoundedCache<string, Uint8Array | null>
  readonly #entries: BoundedCache<string, { kind: SiteEntryKind; size: number } | null>
  /** Values derived from site files, keyed by `<kind>\0<path>` (parsed JSON, ...). */
  readonly derived: BoundedCache<string, unknown>
  /** Imported keys by their text (KEY-1, KEY-2). */
  readonly keys: BoundedCache<string, unknown>
  /** Compiled sort keys by their text (FN-sort-2). */
  readonly sortKeys: BoundedCache<string, unknown>
  /** Compiled regular expressions by pattern, flags and JavaScript flags (RE-1..RE-5). */
  readonly regexes: BoundedCache<string, unknown>

  /** `keep: false` reads everything afresh (contexts without a gateway). */
  constructor(siteRoot: string, options: { keep: boolean } = { keep: true }) {
    this.#root = siteRoot
    this.#files = new BoundedCache(options.keep)
    this.#entries = new BoundedCache(options.keep)
    this.derived = new BoundedCache(options.keep)
    this.keys = new BoundedCache(options.keep, 64)
    this.sortKeys = new BoundedCache(options.keep, 256)
    this.regexes = new BoundedCache(options.keep, 256)
  }

  /** The bytes of the site file at `path` (normalised, site-relative), or null when it is no file. */
  readFile(path: string): Uint8Array | null {
    const entry = this.#entry(path)
    if (entry === null || entry.kind !== 'file') return null
    const read = (): Uint8Array | null => {
      try {
        return readFileSync(join(this.#root, path))
      } catch {
        return null
      }
    }
    return entry.size > MAX_KEPT_FILE_BYTES ? read() : this.#files.get(path, read)
  }

  /** Whether a file or directory exists at `path` ('' is the site root itself). */
  kindOf(path: string): SiteEntryKind | null {
    return this.#entry(path)?.kind ?? null
  }

  #entry(path: string): { kind: SiteEntryKind; size: number } | null {
    return this.#entries.get(path, () => {
      try {
        const stat = statSync(join(this.#root, path))
        if (stat.isFile()) return { kind: 'file', size: stat.size }
        return stat.isDirectory() ? { kind: 'directory', size: 0 } : null
      } catch {
        return null
      }
    })
  }
}

declare module '../../context/flow-context.js' {
  interface GatewayServices {
    /** Site files, parsed JSON files, keys and sort keys the extension functions read (LOC-2); none when absent. */
    readonly functionCaches?: FunctionCaches
  }
}
