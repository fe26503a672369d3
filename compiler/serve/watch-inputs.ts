/**
 * Watching a project for `--watch` (operations.md CL7): the site root (the definition's folder, which
 * holds the definition and every file it references: flows, templates, schemas, stylesheets, D14) and
 * all its folders, leaving out the output folder, `node_modules` and entries whose name starts with
 * `.` (as the site copy does, CL2). Changes are debounced by 100 ms; a change during a rebuild schedules
 * one more rebuild after it, so no change is ever lost and builds never overlap.
 */
import { type Dirent, type FSWatcher, readdirSync, statSync, watch } from 'node:fs'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'

export const DEBOUNCE_MS = 100

export interface WatchOptions {
  readonly siteRoot: string
  /** Left out when it lies inside the site root. */
  readonly outDir?: string | undefined
  /** Runs one rebuild; never called while the previous one runs. */
  readonly rebuild: (changed: readonly string[]) => Promise<void>
  readonly debounceMs?: number
}

export interface InputWatcher {
  close(): void
}

/** Whether a change to `file` (relative to the site root) may change the build. */
export function isWatchedPath(file: string, outDirRelative: string | null): boolean {
  const parts = file.split(/[\\/]/)
  if (parts.some((part) => part.startsWith('.') || part === 'node_modules')) return false
  if (outDirRelative === null) return true
  return !(file === outDirRelative || file.startsWith(outDirRelative + sep) || file.startsWith(outDirRelative + '/'))
}

/**
 * One non-recursive watcher per folder of the site root, ignored folders never entered (a recursive
 * watch would also follow the output folder, whose removal on every build can end it), folders that
 * appear later added as they are reported.
 */
class FolderWatchers {
  readonly #watchers = new Map<string, FSWatcher>()

  constructor(
    readonly root: string,
    readonly ignored: (relativePath: string) => boolean,
    readonly changed: (relativePath: string) => void,
  ) {
    this.add(root)
  }

  add(dir: string): void {
    if (this.#watchers.has(dir)) return
    let watcher: FSWatcher
    try {
      watcher = watch(dir, (_event, name) => this.#event(dir, name === null ? '' : String(name)))
    } catch {
      return // gone already
    }
    watcher.on('error', () => this.#remove(dir))
    this.#watchers.set(dir, watcher)
    let entries: Dirent[] = []
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      // removed meanwhile: its own event follows
    }
    for (const entry of entries) {
      const path = join(dir, entry.name)
      if (entry.isDirectory() && !this.ignored(relative(this.root, path))) this.add(path)
    }
  }

  close(): void {
    for (const watcher of this.#watchers.values()) watcher.close()
    this.#watchers.clear()
  }

  #event(dir: string, name: string): void {
    const path = name === '' ? dir : join(dir, name)
    const rel = relative(this.root, path)
    if (rel !== '' && this.ignored(rel)) return
    let isFolder = false
    try {
      isFolder = statSync(path).isDirectory()
    } catch {
      this.#remove(path)
    }
    if (isFolder) this.add(path)
    this.changed(rel)
  }

  #remove(dir: string): void {
    for (const [path, watcher] of this.#watchers) {
      if (path === dir || path.startsWith(dir + sep)) {
        watcher.close()
        this.#watchers.delete(path)
      }
    }
  }
}

export function watchInputs(options: WatchOptions): InputWatcher {
  const root = resolve(options.siteRoot)
  const outRel = options.outDir === undefined ? null : relative(root, resolve(options.outDir))
  const outDirRelative =
    outRel === null || outRel === '' || outRel.startsWith('..') || isAbsolute(outRel) ? null : outRel
  const debounce = options.debounceMs ?? DEBOUNCE_MS
  const changed = new Set<string>()
  let timer: NodeJS.Timeout | null = null
  let running = false
  let closed = false

  const run = async (): Promise<void> => {
    timer = null
    if (running || closed) return
    running = true
    const files = [...changed]
    changed.clear()
    try {
      await options.rebuild(files)
    } finally {
      running = false
      if (changed.size > 0 && !closed) schedule()
    }
  }
  const schedule = (): void => {
    if (timer !== null) clearTimeout(timer)
    timer = setTimeout(() => void run(), debounce)
  }

  const folders = new FolderWatchers(
    root,
    (file) => !isWatchedPath(file, outDirRelative),
    (file) => {
      changed.add(file)
      if (!running) schedule()
    },
  )
  return {
    close() {
      closed = true
      if (timer !== null) clearTimeout(timer)
      folders.close()
    },
  }
}
