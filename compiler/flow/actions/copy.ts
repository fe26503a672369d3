/**
 * `<copy in out/>` (actions.md ACT-copy-1..3): `in` any location (dyn; the main content by default),
 * `out` a static writable location (ACT-copy-3). A static `in` naming a file that does not exist at
 * compile time is a CW (ACT-copy-2): at run time the input is then missing.
 */
import { statSync } from 'node:fs'
import { join } from 'node:path'

import type { LocationNode } from '../../ir/statements.js'
import { checkEmptyBody } from '../body.js'
import type { LowerContext } from '../lower-context.js'
import { inputLocation, outputLocation } from './output-location.js'
import type { ActionEntry } from './types.js'

export const COPY: ActionEntry<'copy'> = {
  name: 'copy',
  inputs: (node) => [node.input],
  lower(element, ctx, fields) {
    const input = inputLocation(element, ctx)
    const output = outputLocation(element, ctx)
    const empty = checkEmptyBody(element, ctx)
    if (input === undefined || output === undefined || !empty) return undefined
    warnMissingFile(input, ctx)
    return { kind: 'copy', ...fields, input, output }
  },
}

/** ACT-copy-2: the CW for a static file input that is not there. */
function warnMissingFile(input: LocationNode, ctx: LowerContext): void {
  if (input.kind !== 'file' || isFile(join(ctx.options.siteRoot, input.path))) return
  ctx.bag.warning(
    'flow/missing-file',
    input.loc,
    `file ${input.path} does not exist; <copy> will leave its out unchanged`,
  )
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}
