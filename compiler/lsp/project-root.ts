/**
 * Which definition an open document belongs to, first found:
 * 1. the one the client configured (`initializationOptions.definition`);
 * 2. the document itself when it has a definition's name (below) or is a gateway's definition by its
 *    content (Swagger 2.0 with `x-svc-*` keys, swagger-head.ts);
 * 3. the nearest definition file in the document's folder or a parent folder, by the names and order
 *    of svc-test (operations.md TS2);
 * 4. only when no folder above has such a name, by content (definition-folders.ts): the nearest
 *    other gateway's definition, else the nearest other Swagger 2.0 document (first by name in a
 *    folder with several);
 * 5. the document itself when it is a Swagger 2.0 document without `x-svc-*` keys (yet).
 * So an upstream's definition (a Swagger 2.0 document without `x-svc-*` keys) belongs to the project
 * that uses it, as any other file of it does. Null: no definition (the document is checked alone).
 */
import { statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

import { DEFINITION_NAMES } from '../testing/find-definition.js'
import type { DefinitionFolders } from './definition-folders.js'
import { documentKind } from './feature-context.js'
import { HEAD_BYTES, type SwaggerHead, swaggerHead } from './swagger-head.js'

export function isDefinitionName(path: string): boolean {
  return (DEFINITION_NAMES as readonly string[]).includes(basename(path))
}

/**
 * The definition of the document at `path` (absolute). `open` holds the editor's documents by path,
 * so that a definition typed but never saved still counts; `folders` answers for the files on disk.
 */
export function definitionFor(
  path: string,
  configured: string | undefined,
  open: ReadonlyMap<string, string>,
  folders: DefinitionFolders,
): string | null {
  if (configured !== undefined) return configured
  if (isDefinitionName(path)) return path
  const own = headOf(path, open, folders)
  if (own === 'gateway') return path
  return (
    nearestNamed(path, open) ??
    nearestByContent(path, 'gateway', open, folders) ??
    nearestByContent(path, 'swagger', open, folders) ??
    (own === 'swagger' ? path : null)
  )
}

/** What a YAML or JSON document declares: by its unsaved text when open, else by its file. */
function headOf(path: string, open: ReadonlyMap<string, string>, folders: DefinitionFolders): SwaggerHead {
  if (documentKind(path) !== 'definition') return undefined
  const text = open.get(path)
  if (text !== undefined) return swaggerHead(text.slice(0, HEAD_BYTES))
  return folders.definitionsIn(dirname(path)).find((file) => file.path === path)?.head
}

function nearestNamed(path: string, open: ReadonlyMap<string, string>): string | null {
  for (const dir of foldersAbove(path)) {
    for (const name of DEFINITION_NAMES) {
      const candidate = join(dir, name)
      if (open.has(candidate) || isFile(candidate)) return candidate
    }
  }
  return null
}

/** The nearest document other than `path` that declares `head`, the first by name in its folder. */
function nearestByContent(
  path: string,
  head: SwaggerHead,
  open: ReadonlyMap<string, string>,
  folders: DefinitionFolders,
): string | null {
  for (const dir of foldersAbove(path)) {
    // an open document counts by its unsaved text, whatever its file on disk says
    const onDisk = folders
      .definitionsIn(dir)
      .filter((file) => file.head === head && !open.has(file.path))
      .map((file) => file.path)
    const unsaved = [...open.keys()].filter(
      (candidate) => dirname(candidate) === dir && headOf(candidate, open, folders) === head,
    )
    const found = [...onDisk, ...unsaved].filter((candidate) => candidate !== path).sort()[0]
    if (found !== undefined) return found
  }
  return null
}

/** The folder of `path`, then each parent up to the root. */
function* foldersAbove(path: string): Generator<string> {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    yield dir
    if (dirname(dir) === dir) return
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}
