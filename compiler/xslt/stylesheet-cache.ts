/**
 * The cache of compiled stylesheets and other build artefacts that are slow to make or not
 * reproducible (dependencies.md section 3: an SEF file embeds its build time). Entries are keyed by a
 * content hash and written atomically (a temporary file renamed into place), so concurrent builds
 * never see half a file. Folder: `$SVC_CACHE_DIR`, else `$XDG_CACHE_HOME/svc-gateway`, else
 * `~/.cache/svc-gateway`; when none can be created, a private temporary folder (still correct, only
 * not shared between builds).
 */
import { randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'

/** The cache's root folder (created on first use). */
export function cacheRoot(dir?: string): string {
  const candidates = [
    dir,
    process.env.SVC_CACHE_DIR,
    process.env.XDG_CACHE_HOME && join(process.env.XDG_CACHE_HOME, 'svc-gateway'),
    join(homedir(), '.cache', 'svc-gateway'),
  ]
  for (const candidate of candidates) {
    if (!candidate) continue
    try {
      mkdirSync(candidate, { recursive: true })
      return candidate
    } catch {
      // not writable: try the next
    }
  }
  return mkdtempSync(join(tmpdir(), 'svc-gateway-cache-'))
}

export class StylesheetCache {
  readonly #dir: string

  constructor(dir?: string) {
    this.#dir = join(cacheRoot(dir), 'xslt')
    mkdirSync(this.#dir, { recursive: true })
  }

  /** The cached SEF text for `hash`, or undefined (a damaged entry counts as missing). */
  read(hash: string): string | undefined {
    try {
      const text = readFileSync(this.#file(hash), 'utf8')
      JSON.parse(text)
      return text
    } catch {
      return undefined
    }
  }

  /** A fresh temporary file name for an entry being made. */
  temporaryFile(hash: string): string {
    return join(this.#dir, `${hash}.${randomBytes(6).toString('hex')}.tmp`)
  }

  /**
   * Puts a finished temporary file in place (an entry another build made meanwhile wins); returns the
   * entry's text, or undefined when the file is unusable. The temporary file is removed.
   */
  commit(hash: string, temporary: string): string | undefined {
    try {
      JSON.parse(readFileSync(temporary, 'utf8'))
      try {
        linkSync(temporary, this.#file(hash))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
      return this.read(hash)
    } catch {
      return undefined
    } finally {
      this.discard(temporary)
    }
  }

  discard(temporary: string): void {
    rmSync(temporary, { force: true })
  }

  #file(hash: string): string {
    return join(this.#dir, `${hash}.sef.json`)
  }
}
