/**
 * `<xslt src in out cache/>` (actions.md ACT-xslt-1..5): `src` is a required static file location
 * (relative to the flow file, `/…` or `svc://site/…`); the stylesheet and the modules it includes or
 * imports are loaded and checked now (compiler/xslt), and compiled to SEF by the build's XSLT stage.
 * `cache` is accepted and has no effect: stylesheets are always compiled once (Decided there).
 */
import { parseLocation } from '../../../runtime/context/location.js'
import { loadStylesheet } from '../../xslt/load-stylesheet.js'
import { checkEmptyBody } from '../body.js'
import { attributeOf } from '../lower-context.js'
import { booleanAttribute } from '../values.js'
import { inputLocation, outputLocation } from './output-location.js'
import type { ActionEntry } from './types.js'

export const XSLT: ActionEntry<'xslt'> = {
  name: 'xslt',
  inputs: (node) => [node.input],
  lower(element, ctx, fields) {
    const src = attributeOf(element, 'src')!
    const srcLoc = ctx.attributeLoc(src)
    const text = ctx.attributeValue(src).text
    const parsed = parseLocation(text, ctx.dir)
    const input = inputLocation(element, ctx)
    const output = outputLocation(element, ctx)
    const cache = booleanAttribute(element, ctx, 'cache')
    const empty = checkEmptyBody(element, ctx)
    if (!parsed.ok || parsed.location.kind !== 'file') {
      ctx.bag.error(
        'flow/invalid-location',
        srcLoc,
        `invalid stylesheet src "${text}": ${parsed.ok ? 'src must name a file' : parsed.reason}`,
      )
      return undefined
    }
    const stylesheet = loadStylesheet(ctx.options.siteRoot, parsed.location.path, srcLoc, ctx.bag)
    if (stylesheet === undefined || input === undefined || output === undefined || cache === undefined || !empty)
      return undefined
    return { kind: 'xslt', ...fields, input, output, stylesheet }
  },
}
