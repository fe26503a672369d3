/**
 * `file-exists(url)` (xpath-functions.md FN-file-exists-1, FN-file-exists-2; LOC-1, LOC-2): for
 * `svc://site/<path>` whether a file or directory exists there (a trailing `/` asks for a directory;
 * a path that leaves the site root does not exist); for `svc://request/content` and
 * `svc://request/content/<id>` whether that content exists; false for other `svc://` URLs. An
 * argument that is not an `svc://` URL: RW and the empty sequence.
 */
import { normaliseSitePath } from '../../context/location.js'
import { toXPathString } from '../../oxn/index.js'
import { EMPTY, type Sequence } from '../../values/item.js'
import type { Value } from '../value.js'
import { cachesOf, type FunctionCall, warn } from './call.js'

const SITE = 'svc://site/'
const CONTENT = 'svc://request/content'

export function xpFileExists(call: FunctionCall, url: Value): boolean | Sequence {
  const text = toXPathString(url)
  if (!text.startsWith('svc://')) {
    warn(call, 'file-exists', `not an svc:// URL: ${text}`)
    return EMPTY
  }
  if (text.startsWith(SITE)) {
    const rest = text.slice(SITE.length)
    const path = normaliseSitePath(rest)
    if (path === undefined) return false
    const kind = cachesOf(call).kindOf(path)
    return rest.endsWith('/') ? kind === 'directory' : kind !== null
  }
  const contents = call.ctx.contents
  if (text === CONTENT) return contents.main !== undefined
  if (text.startsWith(CONTENT + '/')) return contents.upstream.has(text.slice(CONTENT.length + 1))
  return false
}
