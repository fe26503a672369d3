/**
 * Readable locations of the document functions (xpath-functions.md LOC-1, LOC-2; flows.md F-LOC-1,
 * F-LOC-2, F-LOC-3): `svc://request/content`, `svc://request/content/<id>`, `svc://request/empty`,
 * `svc://site/<path>`, a path relative to the flow file's directory and a `/`-rooted site path
 * (variables are no readable location here). Paths are normalised; one that leaves the site root is
 * a missing file. Files come from the compiled site copy with the media type of their extension
 * (operations.md FS3); every read makes a new content value, so decoded trees are never shared.
 */
import { Document } from 'slimdom'

import { type Location, parseLocation } from '../../context/location.js'
import { mediaTypeOfFile } from '../../oxn/index.js'
import { Content } from '../../values/content.js'
import type { Sequence, XNode } from '../../values/item.js'
import { cachesOf, flowDirectory, type FunctionCall } from './call.js'

export type FunctionLocation = Exclude<Location, { kind: 'variable' }>

export type FunctionLocationParse =
  { readonly ok: true; readonly location: FunctionLocation } | { readonly ok: false; readonly reason: string }

/** LOC-1: the location `text` names; `svcOnly` accepts only `svc://` URLs. */
export function parseFunctionLocation(call: FunctionCall, text: string, svcOnly = false): FunctionLocationParse {
  if (svcOnly && !text.startsWith('svc://')) return { ok: false, reason: `not an svc:// URL: ${text}` }
  if (text.startsWith('$')) return { ok: false, reason: `not a readable location: ${text}` }
  const parsed = parseLocation(text, flowDirectory(call))
  if (!parsed.ok) return parsed
  return { ok: true, location: parsed.location as FunctionLocation }
}

/** Whether a parse failure only means "outside the site root" (LOC-2: a missing file, not an error). */
export function leavesSiteRoot(reason: string): boolean {
  return reason.startsWith('path leaves the project root')
}

/** The value at a location (content values for files and content locations), or undefined when missing. */
export function readFunctionLocation(call: FunctionCall, location: FunctionLocation): Sequence | undefined {
  const ctx = call.ctx
  switch (location.kind) {
    case 'main-content':
      return ctx.contents.main
    case 'upstream-content': {
      const content = ctx.contents.upstream.get(location.id)
      return content === undefined ? undefined : [content]
    }
    case 'empty-document': {
      const document = new Document()
      document.appendChild(document.createElement('empty'))
      return [document as unknown as XNode]
    }
    case 'file': {
      const bytes = cachesOf(call).readFile(location.path)
      return bytes === null ? undefined : [new Content(bytes, mediaTypeOfFile(location.path))]
    }
  }
}
