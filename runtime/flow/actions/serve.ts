/**
 * The `serve` action (actions.md ACT-serve-2..8; operations.md FS2-FS5): a static file from the
 * compiled site copy, found by the original request's path (definition.md R10) inside the document
 * root (runtime/flow/actions/serve-path.ts). A folder without a trailing `/` is redirected (301,
 * `Location` with the query kept); with one, its `index.html` is served. A missing file gives the
 * fallback document (status 200; RF when it cannot be read). A found file: 200 with `Content-Type`
 * by extension (FS3) and `Last-Modified`, its content written to `out`; 403 with an empty body when
 * it cannot be read; 304 with `Last-Modified` and nothing written when `If-Modified-Since` is not
 * earlier than its modification time in whole seconds. Decided: with `terminate` the response body is
 * the served file (or empty), whatever `out` is; without it the body is left to later actions.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

import type { ClientRequest, FlowContext } from '../../context/flow-context.js'
import { flowExecutionError } from '../../errors/raised-error.js'
import { mediaTypeOfFile } from '../../oxn/decoders/file-media-type.js'
import { Content } from '../../values/content.js'
import { EMPTY } from '../../values/item.js'
import { formatHttpDate, parseHttpDate } from './http-date.js'
import { MISSING, requestSegments, resolveInside, type ServedEntry } from './serve-path.js'
import { type WritableLocation, writeLocation } from './write-location.js'

/** A compiled `serve` action (generated code hoists one). */
export interface ServeSpec {
  /** Document root, site-relative ('' for the site root). */
  readonly dir: string
  /** Fallback document, site-relative. */
  readonly fallback: string
  readonly terminate: boolean
}

export async function serve(ctx: FlowContext, at: string, spec: ServeSpec, output: WritableLocation): Promise<void> {
  const request = ctx.request
  if (request === null) throw flowExecutionError(at, 'serve', 'there is no client request to serve', ctx.requestId)
  const siteRoot = ctx.gateway.siteRoot
  const root = join(siteRoot, spec.dir)
  const segments = requestSegments(request.path)
  let entry: ServedEntry = segments === undefined ? MISSING : await resolveInside(root, segments)
  let name = segments?.[segments.length - 1] ?? ''
  if (entry.kind === 'directory') {
    if (!request.path.endsWith('/')) return redirect(ctx, request, spec)
    entry = await resolveInside(root, [...segments!, 'index.html'])
    name = 'index.html'
  }
  if (entry.kind !== 'file') {
    const fallback = await resolveInside(siteRoot, spec.fallback.split('/'))
    if (fallback.kind !== 'file')
      throw flowExecutionError(at, 'serve', `the fallback document ${spec.fallback} cannot be read`, ctx.requestId)
    return send(ctx, at, spec, output, fallback, spec.fallback, true)
  }
  return send(ctx, at, spec, output, entry, name, false)
}

async function send(
  ctx: FlowContext,
  at: string,
  spec: ServeSpec,
  output: WritableLocation,
  file: Extract<ServedEntry, { kind: 'file' }>,
  name: string,
  isFallback: boolean,
): Promise<void> {
  const response = ctx.response
  const modified = Math.floor(file.stat.mtimeMs / 1000) * 1000
  const since = ctx.request?.headers.get('if-modified-since')
  const sinceMs = since === undefined ? undefined : parseHttpDate(since)
  if (sinceMs !== undefined && modified <= sinceMs) {
    response.status = 304
    response.headers.set('Last-Modified', formatHttpDate(modified))
    return setBody(ctx, spec, EMPTY)
  }
  let bytes: Uint8Array
  try {
    bytes = await readFile(file.path)
  } catch {
    if (isFallback)
      throw flowExecutionError(at, 'serve', `the fallback document ${spec.fallback} cannot be read`, ctx.requestId)
    response.status = 403
    return setBody(ctx, spec, EMPTY)
  }
  const content = new Content(bytes, mediaTypeOfFile(name))
  response.status = 200
  response.headers.set('Content-Type', content.mediaType!)
  response.headers.set('Last-Modified', formatHttpDate(modified))
  writeLocation(ctx, output, [content])
  setBody(ctx, spec, [content])
}

/** ACT-serve-3: a folder named without its trailing slash. */
function redirect(ctx: FlowContext, request: ClientRequest, spec: ServeSpec): void {
  const response = ctx.response
  response.status = 301
  // one leading slash only: `//host/` would send the client to another host
  const path = `/${request.path.replace(/^\/+/, '')}/`
  response.headers.set('Location', request.query === null ? path : `${path}?${request.query}`)
  setBody(ctx, spec, EMPTY)
}

/** With `terminate`, the response body is `body` (ACT-serve-7, Decided). */
function setBody(ctx: FlowContext, spec: ServeSpec, body: typeof EMPTY): void {
  if (!spec.terminate) return
  const response = ctx.response
  response.body = body
  response.explicitMime = undefined
  response.defaultMime = undefined
}
