/**
 * `content(id?)` (xpath-functions.md FN-content-1..4; flows.md F-LOC-5, F-LOC-6, F-VAR-9): without an
 * id (or with '') the main content, else the stored upstream body `id`. A content value is decoded by
 * its media type (JSON, XML and HTML give the document node; other media types and content that does
 * not parse give the text), and the decoded tree is cached on the content value until the location is
 * written again; nodes give the document node of their tree, a scalar itself. Missing: empty.
 */
import { decodeContent, toXPathString } from '../../oxn/index.js'
import { Content } from '../../values/content.js'
import { EMPTY, isNode, type Item, type Sequence } from '../../values/item.js'
import { rootOf } from '../scope.js'
import type { Value } from '../value.js'
import type { FunctionCall } from './call.js'

/** FN-content-2: what a location's value reads as (the first item). */
export function contentItem(value: Sequence | undefined): Item | undefined {
  const first = value?.[0]
  if (first === undefined) return undefined
  if (first instanceof Content) return decodeContent(first)
  return isNode(first) ? rootOf(first) : first
}

export function xpContent(call: FunctionCall, id?: Value): Item | Sequence {
  const name = id === undefined ? '' : toXPathString(id)
  const contents = call.ctx.contents
  if (name === '') return contentItem(contents.main) ?? EMPTY
  const stored = contents.upstream.get(name)
  return stored === undefined ? EMPTY : decodeContent(stored)
}
