/**
 * The files of a folder that declare a Swagger 2.0 document by their content (swagger-head.ts), for
 * documents with no conventionally named definition above them (project-root.ts). The server
 * asks at every change, so each folder is read once: only the first HEAD_BYTES of its `*.yaml`,
 * `*.yml` and `*.json` files, and the answer is kept until the folder's modification time changes (a
 * file added, removed or renamed), a document in it is saved, or the client reports a change there.
 * A folder changed shortly before it was read is read again next time: file times are coarse (a few
 * ms on Linux, seconds on some file systems), so a file added in the same tick leaves the time as it was.
 */
import { closeSync, type Dirent, openSync, readdirSync, readSync, statSync } from 'node:fs'
import { dirname, extname, join } from 'node:path'

import { HEAD_BYTES, type SwaggerHead, swaggerHead } from './swagger-head.js'

const EXTENSIONS = new Set(['.yaml', '.yml', '.json'])

/** A folder changed less than this before it was read may change again without a new time (ms). */
const COARSE_TIME_MS = 2000

/** A Swagger 2.0 document on disk. */
export interface SwaggerFile {
  readonly path: string
  readonly head: Exclude<SwaggerHead, undefined>
}

interface FolderEntry {
  readonly mtimeMs: number
  readonly definitions: readonly SwaggerFile[]
  /** Read long enough after its last change for the time to tell the next one. */
  readonly settled: boolean
}

export class DefinitionFolders {
  readonly #folders = new Map<string, FolderEntry>()

  /** The Swagger 2.0 documents on disk in `dir` (absolute paths), sorted by name; none when it cannot be read. */
  definitionsIn(dir: string): readonly SwaggerFile[] {
    let mtimeMs: number
    try {
      mtimeMs = statSync(dir).mtimeMs
    } catch {
      this.#folders.delete(dir)
      return []
    }
    const cached = this.#folders.get(dir)
    if (cached?.settled === true && cached.mtimeMs === mtimeMs) return cached.definitions
    const settled = Date.now() - mtimeMs > COARSE_TIME_MS
    const definitions = scanFolder(dir)
    this.#folders.set(dir, { mtimeMs, definitions, settled })
    return definitions
  }

  /** Reads the folders of the files at `paths` again when next asked (their content changed on disk). */
  forget(paths: Iterable<string>): void {
    for (const path of paths) this.#folders.delete(dirname(path))
  }
}

function scanFolder(dir: string): SwaggerFile[] {
  let entries: Dirent[]
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return []
  }
  return entries
    .filter((entry) => EXTENSIONS.has(extname(entry.name).toLowerCase()))
    .map((entry) => ({ entry, path: join(dir, entry.name) }))
    .filter(({ entry, path }) => entry.isFile() || (entry.isSymbolicLink() && isFile(path)))
    .map(({ path }) => path)
    .sort()
    .flatMap((path) => {
      const head = swaggerHead(readHead(path))
      return head === undefined ? [] : [{ path, head }]
    })
}

/** A regular file or a link to one: a FIFO or device named `*.json` would block the read. */
function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/** The first HEAD_BYTES of a file as UTF-8; empty when it cannot be read. */
function readHead(path: string): string {
  let fd: number | undefined
  try {
    fd = openSync(path, 'r')
    const buffer = Buffer.alloc(HEAD_BYTES)
    const length = readSync(fd, buffer, 0, HEAD_BYTES, 0)
    return buffer.toString('utf8', 0, length)
  } catch {
    return ''
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}
