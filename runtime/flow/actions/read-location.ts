/**
 * Reading a location (flows.md F-LOC-4): a variable gives its value, content locations give their
 * content, `svc://request/empty` a document holding the single empty element `empty`. A location
 * that does not exist is missing (undefined); each action decides what that means. Invalid dynamic
 * location text is an RF (F-LOC-1). Files come from the compiled site copy (operations.md FS5) with the
 * media type of their extension (F-LOC-3, FS3); every read is a new content value.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { Document } from 'slimdom'

import type { FlowContext } from '../../context/flow-context.js'
import { type Location, type LocationText, parseLocation } from '../../context/location.js'
import { flowExecutionError } from '../../errors/raised-error.js'
import { mediaTypeOfFile } from '../../oxn/decoders/file-media-type.js'
import { Content } from '../../values/content.js'
import type { Sequence } from '../../values/item.js'

/** The value at a location, or undefined when it is missing (F-LOC-4). */
export function readLocation(
  ctx: FlowContext,
  location: Location | LocationText,
  at: string,
  action: string,
): Sequence | undefined {
  const resolved = location.kind === 'text' ? resolveLocationText(ctx, location, at, action) : location
  switch (resolved.kind) {
    case 'variable':
      return ctx.vars.has(resolved.name) ? ctx.vars.get(resolved.name) : undefined
    case 'main-content':
      return ctx.contents.main
    case 'upstream-content': {
      const content = ctx.contents.upstream.get(resolved.id)
      return content === undefined ? undefined : [content]
    }
    case 'empty-document':
      return [emptyDocument()]
    case 'file': {
      const bytes = readSiteFile(ctx, resolved.path)
      return bytes === null ? undefined : [new Content(bytes, mediaTypeOfFile(resolved.path))]
    }
  }
}

/** The bytes of a site file (`path` normalised and site-relative), or null when it is no readable file. */
export function readSiteFile(ctx: FlowContext, path: string): Uint8Array | null {
  const caches = ctx.gateway.functionCaches
  if (caches) return caches.readFile(path)
  try {
    return readFileSync(join(ctx.gateway.siteRoot, path))
  } catch {
    return null
  }
}

/** Parses dynamic location text; invalid text is an RF of the action (F-LOC-1). */
export function resolveLocationText(ctx: FlowContext, location: LocationText, at: string, action: string): Location {
  const parsed = parseLocation(location.text, location.dir)
  if (!parsed.ok)
    throw flowExecutionError(at, action, `invalid location "${location.text}": ${parsed.reason}`, ctx.requestId)
  return parsed.location
}

/** A fresh `<empty/>` document (F-LOC-1); trees are never changed once built, but none is shared. */
function emptyDocument(): Document {
  const document = new Document()
  document.appendChild(document.createElement('empty'))
  return document
}
