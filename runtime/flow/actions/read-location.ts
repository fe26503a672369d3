/**
 * Reading a location (flows.md F-LOC-4): a variable gives its value, content locations give their
 * content, `svc://request/empty` a document holding the single empty element `empty`. A location
 * that does not exist is missing (undefined); each action decides what that means. Invalid dynamic
 * location text is an RF (F-LOC-1). File locations are not implemented yet (RF).
 */
import { Document } from 'slimdom'
import { flowExecutionError } from '../../errors/raised-error.js'
import type { Sequence } from '../../values/item.js'
import type { FlowContext } from '../context.js'
import { parseLocation, type Location, type LocationText } from './location.js'

/** The value at a location, or undefined when it is missing (F-LOC-4). */
export function readLocation(ctx: FlowContext, location: Location | LocationText, at: string, action: string): Sequence | undefined {
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
    case 'file':
      throw flowExecutionError(at, action, `reading files is not implemented yet (${resolved.path})`, ctx.requestId)
  }
}

/** Parses dynamic location text; invalid text is an RF of the action (F-LOC-1). */
export function resolveLocationText(ctx: FlowContext, location: LocationText, at: string, action: string): Location {
  const parsed = parseLocation(location.text, location.dir)
  if (!parsed.ok) throw flowExecutionError(at, action, `invalid location "${location.text}": ${parsed.reason}`, ctx.requestId)
  return parsed.location
}

/** A fresh `<empty/>` document (F-LOC-1); trees are never changed once built, but none is shared. */
function emptyDocument(): Document {
  const document = new Document()
  document.appendChild(document.createElement('empty'))
  return document
}
