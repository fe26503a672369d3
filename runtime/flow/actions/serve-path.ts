/**
 * Safe resolution of a request path inside `serve`'s document root (actions.md ACT-serve-2; operations.md
 * FS2). The raw path is percent-decoded once and split at `/`; empty segments are skipped. It names no
 * file when it is not valid percent-encoding or when any segment contains a NUL byte or a backslash or
 * starts with `.` (so `..`, `%2e%2e`, `.git` and `.env` never resolve, Decided). The joined path must
 * then, after following symbolic links, still lie inside the root: a link that points out of the
 * folder counts as missing. Absolute paths cannot occur: every segment is joined below the root.
 */
import type { Stats } from 'node:fs'
import { realpath, stat } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'

export type ServedEntry =
  | { readonly kind: 'file'; readonly path: string; readonly stat: Stats }
  | { readonly kind: 'directory' }
  | { readonly kind: 'missing' }

export const MISSING: ServedEntry = Object.freeze({ kind: 'missing' })

/** The decoded segments of a raw request path, or undefined when it may name no file. */
export function requestSegments(rawPath: string): string[] | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(rawPath)
  } catch {
    return undefined
  }
  const segments = decoded.split('/').filter((segment) => segment !== '')
  for (const segment of segments) {
    if (segment.startsWith('.') || segment.includes('\0') || segment.includes('\\')) return undefined
  }
  return segments
}

/** What `segments` name below `root` (an absolute folder), links followed but never out of it. */
export async function resolveInside(root: string, segments: readonly string[]): Promise<ServedEntry> {
  try {
    const [realRoot, real] = await Promise.all([realpath(root), realpath(join(root, ...segments))])
    const inside = relative(realRoot, real)
    if (inside === '..' || inside.startsWith(`..${sep}`) || inside.startsWith(sep)) return MISSING
    const info = await stat(real)
    if (info.isDirectory()) return { kind: 'directory' }
    return info.isFile() ? { kind: 'file', path: real, stat: info } : MISSING
  } catch {
    return MISSING
  }
}
