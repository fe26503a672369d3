/**
 * `<sub-flow src/>` (actions.md ACT-sub-flow-1): `src` is a static file path (F-LOC-1, F-LOC-2),
 * relative to the calling file, `/`- or `svc://site/`-rooted; leaving the site root is a CE. The
 * loader checks that the file exists and is a flow (F-DOC-11).
 */
import { join } from 'node:path'

import { parseLocation } from '../../../runtime/context/location.js'
import { checkEmptyBody } from '../body.js'
import { attributeOf } from '../lower-context.js'
import type { ActionEntry } from './types.js'

export const SUB_FLOW: ActionEntry<'sub-flow'> = {
  name: 'sub-flow',
  inputs: () => [],
  lower(element, ctx, fields) {
    const attribute = attributeOf(element, 'src')!
    const srcLoc = ctx.attributeLoc(attribute)
    const text = ctx.attributeValue(attribute).text
    const parsed = parseLocation(text, ctx.dir)
    const empty = checkEmptyBody(element, ctx)
    if (!parsed.ok || parsed.location.kind !== 'file') {
      const reason = parsed.ok ? 'src must name a flow file' : parsed.reason
      ctx.bag.error('flow/invalid-sub-flow', srcLoc, `invalid sub-flow src "${text}": ${reason}`)
      return undefined
    }
    const path = join(ctx.options.siteRoot, parsed.location.path)
    ctx.subFlowRefs.push({ path, loc: srcLoc })
    if (!empty) return undefined
    return { kind: 'sub-flow', ...fields, path, srcLoc }
  },
}
