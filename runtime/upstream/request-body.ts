/**
 * Request bodies (upstream.md UP-BODY-1..4, UP-CFG-5): `uploads` as `multipart/form-data` (the
 * `post` fields first), else `post` as urlencoded form data, else the raw `body` from a JSON value or
 * a location read byte-exactly (contents keep their bytes and media type, the main content and
 * variables are serialized as flows.md F-RESP-4 renders them), else none.
 */
import { randomBytes } from 'node:crypto'

import type { FlowContext } from '../context/flow-context.js'
import { parseLocation } from '../context/location.js'
import { stringifyJsonValue } from '../errors/error-document.js'
import { flowExecutionError } from '../errors/raised-error.js'
import { readLocation } from '../flow/actions/read-location.js'
import { renderBody } from '../http/render-body.js'
import type { JsonValue } from '../values/json-value.js'
import { encodeForm } from './percent-encoding.js'
import type { BodySource, Encoding, NameValue, RawBodyConfig, UploadConfig } from './request-config.js'

export interface OutgoingBody {
  readonly bytes: Buffer
  /** The Content-Type the body brings; null when none (an empty body from a missing source). */
  readonly contentType: string | null
  /** For `post` and `uploads`, the gateway's Content-Type always wins over `headers` (UP-BODY-1). */
  readonly forcedType: boolean
}

/** Where a body source is read: the action's site and the flow file's directory (for relative paths). */
export interface BodySite {
  readonly at: string
  readonly action: string
  readonly dir: string
  /** Reports a run-time warning (a missing source, UP-BODY-3). */
  warn(message: string): void
}

export function formBody(pairs: readonly NameValue[], encoding: Encoding): OutgoingBody {
  return {
    bytes: Buffer.from(encodeForm(pairs, encoding), 'latin1'),
    contentType: 'application/x-www-form-urlencoded',
    forcedType: true,
  }
}

interface SourceBytes {
  readonly bytes: Buffer
  readonly mediaType: string | null
  /** The base name of a file source (default upload filename). */
  readonly fileName: string | null
  readonly missing: boolean
}

/** The bytes and media type of a body source (UP-BODY-3). */
function readSource(ctx: FlowContext, source: BodySource, site: BodySite, stringType: string): SourceBytes {
  if (source.kind === 'value') return valueBytes(source.value, stringType)
  const parsed = parseLocation(source.location, site.dir)
  if (!parsed.ok)
    throw flowExecutionError(
      site.at,
      site.action,
      `invalid body source "${source.location}": ${parsed.reason}`,
      ctx.requestId,
    )
  const location = parsed.location
  const value = readLocation(ctx, location, site.at, site.action)
  const fileName = location.kind === 'file' ? location.path.slice(location.path.lastIndexOf('/') + 1) : null
  if (value === undefined) {
    site.warn(`body source ${source.location} is missing; an empty body is sent`)
    return { bytes: Buffer.alloc(0), mediaType: null, fileName, missing: true }
  }
  const rendered = renderBody(value)
  const bytes =
    typeof rendered.body === 'string'
      ? Buffer.from(rendered.body, 'utf8')
      : Buffer.from(rendered.body.buffer, rendered.body.byteOffset, rendered.body.byteLength)
  return { bytes, mediaType: rendered.mediaType, fileName, missing: false }
}

/** A JSON value as a body: strings as UTF-8 text, everything else as compact JSON. */
function valueBytes(value: JsonValue, stringType: string): SourceBytes {
  if (typeof value === 'string')
    return { bytes: Buffer.from(value, 'utf8'), mediaType: stringType, fileName: null, missing: false }
  return {
    bytes: Buffer.from(stringifyJsonValue(value), 'utf8'),
    mediaType: 'application/json',
    fileName: null,
    missing: false,
  }
}

/** The raw body (UP-BODY-3): `mime`, else a Content-Type of `headers` (the caller's), else the source's type. */
export function rawBody(ctx: FlowContext, config: RawBodyConfig, site: BodySite): OutgoingBody {
  const source = readSource(ctx, config.source, site, 'text/plain')
  if (source.missing) return { bytes: source.bytes, contentType: config.mime, forcedType: false }
  return { bytes: source.bytes, contentType: config.mime ?? source.mediaType, forcedType: false }
}

/** `multipart/form-data` with the `post` fields first, then the uploads (UP-BODY-4). */
export function multipartBody(
  ctx: FlowContext,
  post: readonly NameValue[] | null,
  uploads: readonly UploadConfig[],
  site: BodySite,
): OutgoingBody {
  const boundary = `svc-gateway-${randomBytes(12).toString('hex')}`
  const parts: Buffer[] = []
  const head = (text: string) => parts.push(Buffer.from(`--${boundary}\r\n${text}\r\n\r\n`, 'utf8'))
  for (const field of post ?? []) {
    head(`Content-Disposition: form-data; name="${escapeQuoted(field.name)}"`)
    parts.push(Buffer.from(field.value, 'utf8'), CRLF)
  }
  for (const upload of uploads) {
    const source = readSource(ctx, upload.source, site, 'text/plain')
    const filename = upload.filename ?? source.fileName
    const type = upload.mime ?? source.mediaType ?? 'application/octet-stream'
    head(
      `Content-Disposition: form-data; name="${escapeQuoted(upload.name)}"${filename === null ? '' : `; filename="${escapeQuoted(filename)}"`}\r\nContent-Type: ${type}`,
    )
    parts.push(source.bytes, CRLF)
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'))
  return { bytes: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}`, forcedType: true }
}

const CRLF = Buffer.from('\r\n')

function escapeQuoted(text: string): string {
  return text.replace(/["\\\r\n]/g, (c) => (c === '"' ? '%22' : c === '\\' ? '\\\\' : ''))
}
