/**
 * `xslt` (actions.md ACT-xslt-2..5): the compiled stylesheet's facts become a hoisted
 * `STYLESHEET_n = Object.freeze({ src, sef, method, mediaType, documents })`, each document a URI
 * and a hoisted location; the action is `xslt(ctx, at, STYLESHEET_n, in, out)`.
 */
import type { StylesheetDocument } from '../../ir/content-actions.js'
import { type Code, joinCode, js, lit } from '../code.js'
import type { EmitContext } from '../context.js'
import type { ActionEmitter } from './types.js'
import { callCode, locationCode } from './values.js'

export const emitXslt: ActionEmitter<'xslt'> = (node, ctx) => {
  const site = { at: ctx.at(node.loc), action: 'xslt' }
  const sheet = node.stylesheet
  const documents = joinCode(
    sheet.documents.map((document) => documentCode(document, ctx)),
    ', ',
  )
  const stylesheet = ctx.hoist(
    'STYLESHEET',
    js`Object.freeze({ src: ${lit(sheet.path)}, sef: ${lit(sheet.sef)}, method: ${lit(sheet.output.method)}, mediaType: ${lit(sheet.output.mediaType)}, documents: [${documents}] })`,
  )
  const code = callCode(ctx.runtime('xslt'), [
    js`ctx`,
    lit(site.at),
    stylesheet,
    locationCode(node.input, ctx, site),
    locationCode(node.output, ctx, site),
  ])
  return { code, terminates: false, declares: false }
}

/** `{ uri, location: LOCATION_n }` (the location hoisted like those of attributes). */
function documentCode(document: StylesheetDocument, ctx: EmitContext): Code {
  const location = document.location
  const fields =
    location.kind === 'file'
      ? js`kind: ${lit(location.kind)}, path: ${lit(location.path)}`
      : location.kind === 'upstream-content'
        ? js`kind: ${lit(location.kind)}, id: ${lit(location.id)}`
        : js`kind: ${lit(location.kind)}`
  return js`{ uri: ${lit(document.uri)}, location: ${ctx.hoist('LOCATION', js`Object.freeze({ ${fields} })`)} }`
}
