/**
 * The `xslt` action (actions.md ACT-xslt-2..5): transforms the input (runtime/xslt/input.ts) with a
 * stylesheet compiled at build time and writes the result (runtime/xslt/result.ts) to `out`.
 * Missing, empty or unparsable input and transformation errors (`xsl:message terminate="yes"`
 * included) are RWs: nothing is written and the flow continues. An engine or compiled stylesheet
 * that cannot be loaded is an RF (the build is incomplete). Documents the stylesheet reads
 * (`document('svc://…')`) come from content locations and the site copy.
 */
import type { FlowContext } from '../context/flow-context.js'
import type { Location, LocationText } from '../context/location.js'
import { flowExecutionError } from '../errors/raised-error.js'
import { readLocation, readSiteFile } from '../flow/actions/read-location.js'
import { locationName, warnAction, type WritableLocation, writeLocation } from '../flow/actions/write-location.js'
import { mediaTypeOfFile } from '../oxn/decoders/file-media-type.js'
import { Content } from '../values/content.js'
import { type StylesheetSpec, TransformError, type XsltEngine } from './engine.js'
import { xsltSourceText } from './input.js'
import { resultContent } from './result.js'
import type { SaxonNode } from './saxon.js'

export function xslt(
  ctx: FlowContext,
  at: string,
  stylesheet: StylesheetSpec,
  input: Location | LocationText,
  output: WritableLocation,
): void {
  const engine = ctx.gateway.xslt
  if (engine === undefined) throw flowExecutionError(at, 'xslt', 'this build has no XSLT engine', ctx.requestId)
  const value = readLocation(ctx, input, at, 'xslt')
  const unchanged = `nothing is written to ${locationName(output)}`
  if (value === undefined) return warnAction(ctx, at, 'xslt', `${locationName(input)} is missing; ${unchanged}`)
  const source = xsltSourceText(value)
  if (!source.ok) return warnAction(ctx, at, 'xslt', `${locationName(input)} ${source.reason}; ${unchanged}`)
  try {
    // loaded before anything that could be blamed on the input
    void engine.saxon
    engine.stylesheet(stylesheet)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw flowExecutionError(
      at,
      'xslt',
      `the XSLT engine or the compiled stylesheet ${stylesheet.sef} cannot be loaded: ${reason}`,
      ctx.requestId,
    )
  }
  let result: string
  // TR5: a traced request transforms in a span of its own
  const span = ctx.trace?.startStep('xslt', { 'svc.xslt.stylesheet': stylesheet.src, 'svc.flow.location': at }) ?? null
  try {
    result = engine.transform(ctx, stylesheet, source.text, documentPool(ctx, at, engine, stylesheet))
    span?.end(null)
  } catch (error) {
    span?.end(error)
    if (!(error instanceof TransformError)) throw error
    return warnAction(ctx, at, 'xslt', `transformation with ${stylesheet.src} failed: ${error.message}; ${unchanged}`)
  }
  writeLocation(ctx, output, [resultContent(result, stylesheet.method, stylesheet.mediaType)])
}

/** ACT-xslt-5: the documents of the stylesheet's literal `document()` URIs that exist now. */
function documentPool(
  ctx: FlowContext,
  at: string,
  engine: XsltEngine,
  stylesheet: StylesheetSpec,
): Record<string, SaxonNode> {
  const pool: Record<string, SaxonNode> = {}
  for (const { uri, location } of stylesheet.documents) {
    if (location.kind === 'file') {
      const node = engine.siteDocument(uri, () => {
        const bytes = readSiteFile(ctx, location.path)
        const text = bytes === null ? undefined : xsltSourceText([new Content(bytes, mediaTypeOfFile(location.path))])
        return text?.ok ? text.text : null
      })
      if (node !== null) pool[uri] = node
      continue
    }
    const value = readLocation(ctx, location, at, 'xslt')
    const text = value === undefined ? undefined : xsltSourceText(value)
    if (text === undefined || !text.ok) continue
    try {
      pool[uri] = engine.parse(text.text)
    } catch {
      // not XML: document() fails for it, which the transformation reports
    }
  }
  return pool
}
