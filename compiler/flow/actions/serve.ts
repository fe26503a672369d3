/**
 * `<serve dir fallback-doc terminate out/>` (actions.md ACT-serve-1, ACT-serve-7; operations.md FS1,
 * FS2): `dir` and `fallback-doc` are required static paths. `dir` is relative to the flow file (or,
 * like every file location of flows.md F-LOC-1, `/`-rooted or `svc://site/…`) and must be an existing
 * directory inside the project root; `fallback-doc` starting with `/` is relative to `dir`, otherwise
 * to the flow file, and must be an existing file. Otherwise a CE. Symbolic links count by their target.
 */
import { realpathSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

import { normaliseSitePath } from '../../../runtime/context/location.js'
import { checkEmptyBody } from '../body.js'
import { attributeOf, type LowerContext } from '../lower-context.js'
import type { XmlElement } from '../parse-xml.js'
import { booleanAttribute } from '../values.js'
import { outputLocation } from './output-location.js'
import type { ActionEntry } from './types.js'

const SITE_PREFIX = 'svc://site/'

export const SERVE: ActionEntry<'serve'> = {
  name: 'serve',
  inputs: () => [],
  lower(element, ctx, fields) {
    const dir = pathAttribute(element, ctx, 'dir', ctx.dir, 'directory')
    const fallbackBase = dir !== undefined && fallbackIsDirRelative(element, ctx) ? dir : ctx.dir
    const fallback = dir === undefined ? undefined : pathAttribute(element, ctx, 'fallback-doc', fallbackBase, 'file')
    const terminate = booleanAttribute(element, ctx, 'terminate')
    const output = outputLocation(element, ctx)
    const empty = checkEmptyBody(element, ctx)
    if (dir === undefined || fallback === undefined || terminate === undefined || output === undefined || !empty)
      return undefined
    return { kind: 'serve', ...fields, dir, fallback, terminate: terminate ?? true, output }
  },
}

function fallbackIsDirRelative(element: XmlElement, ctx: LowerContext): boolean {
  return ctx.attributeValue(attributeOf(element, 'fallback-doc')!).text.startsWith('/')
}

/**
 * The site-relative path an attribute names, checked to be an existing `kind` inside the project
 * root; undefined after a reported CE. A leading `/` is relative to `base`'s root: the site root for
 * `dir`, the document root for `fallback-doc` (ACT-serve-1).
 */
function pathAttribute(
  element: XmlElement,
  ctx: LowerContext,
  name: string,
  base: string,
  kind: 'directory' | 'file',
): string | undefined {
  const attribute = attributeOf(element, name)!
  const loc = ctx.attributeLoc(attribute)
  const text = ctx.attributeValue(attribute).text
  const rooted = text.startsWith(SITE_PREFIX)
    ? text.slice(SITE_PREFIX.length)
    : text.startsWith('/') && name === 'dir'
      ? text.slice(1)
      : undefined
  const joined = rooted ?? (base === '' ? text : `${base}/${text.replace(/^\//, '')}`)
  const path = text === '' ? undefined : normaliseSitePath(joined)
  if (path === undefined) {
    ctx.bag.error(
      'flow/invalid-path',
      loc,
      text === '' ? `${name} of <serve> is empty` : `${name} "${text}" leaves the project root`,
    )
    return undefined
  }
  const problem = checkEntry(ctx.options.siteRoot, path, kind)
  if (problem !== undefined) {
    ctx.bag.error('flow/invalid-path', loc, `${name} "${text}" ${problem}`)
    return undefined
  }
  return path
}

/** Why `path` is not an existing `kind` inside the site root, or undefined. */
function checkEntry(siteRoot: string, path: string, kind: 'directory' | 'file'): string | undefined {
  const absolute = join(siteRoot, path)
  try {
    const stat = statSync(absolute)
    if (kind === 'directory' ? !stat.isDirectory() : !stat.isFile()) return `is not a ${kind}`
    const inside = relative(realpathSync(siteRoot), realpathSync(absolute))
    if (inside.startsWith('..') || inside.startsWith(sep)) return 'leaves the project root'
    return undefined
  } catch {
    return 'does not exist'
  }
}
