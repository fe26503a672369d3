/**
 * `x-svc-proxy` in the definition (definition.md PX1-PX9, upstream.md UP-PROXY-1, UP-PROXY-8): the
 * value must be an object; it is checked with the run-time checker of runtime/upstream (errors are
 * CEs at the offending value, warnings CWs; request-only and unknown properties are errors, PX9).
 * Any string value may be written as `{env: NAME}` (PX4) and is read per request; values behind such
 * references are checked at run time. YAML numbers and booleans stay typed (header values become text
 * when sent). The upstream `definition` is loaded by definitions.ts; its position is kept for its
 * diagnostics. With `validate-request` in effect the client body is never streamed (UP-GEN-6 step 2).
 */
import { dirname } from 'node:path'

import { type ConfigPath, ConfigProblems } from '../../runtime/upstream/config-problems.js'
import type { UpstreamOptions } from '../../runtime/upstream/options.js'
import { checkProxyConfig } from '../../runtime/upstream/proxy-config.js'
import { JsonNumber, JsonObject, type JsonValue } from '../../runtime/values/json-value.js'
import type { Loc } from '../diagnostics/source.js'
import type { ProxyHandlerNode, ProxyValueNode } from '../ir/definition.js'
import type { LoadContext } from './context.js'
import type { DocNode, MapEntry } from './doc-node.js'
import { checkCertificateFile, checkDefinitionOptions, reportProblems } from './static-config.js'

/** Object-valued properties whose single `env` member is a header, cookie or option named `env`, not PX4. */
const OBJECT_POSITIONS = new Set(['headers', 'cookies', 'options', 'options/set-response-headers'])

/** Loads one `x-svc-proxy` entry; undefined after reported CEs. */
export function loadProxyExtension(entry: MapEntry, ctx: LoadContext): ProxyHandlerNode | undefined {
  const value = entry.value
  if (value.kind !== 'map') {
    ctx.error('upstream/invalid-proxy', value.loc, 'x-svc-proxy must be an object')
    return undefined
  }
  const locs = new Map<string, Loc>()
  const envPaths: string[] = []
  const config = toProxyValue(value, '', locs, envPaths)
  const problems = new ConfigProblems()
  const data = staticValue(config, '')
  const checked = checkProxyConfig(data, 'definition', problems)
  const options = data instanceof JsonObject ? data.get('options') : undefined
  const dir = ctx.sitePath(dirname(entry.keyLoc.file.path))
  const files = { siteRoot: ctx.siteRoot, dir: dir === '.' ? '' : dir }
  if (checked !== undefined) checkDefinitionOptions(checked.options, ['options'], problems)
  checkCertificateFile(options, ['options'], files, problems)
  const relevant = new ConfigProblems()
  for (const problem of problems.items) {
    const pointer = pointerOf(problem.path)
    if (envPaths.some((env) => pointer === env || pointer.startsWith(`${env}/`))) continue
    relevant.items.push(problem)
  }
  const at = (path: ConfigPath) => nearestLoc(locs, pointerOf(path)) ?? value.loc
  if (!reportProblems(relevant, ctx.bag, at, 'x-svc-proxy')) return undefined
  const definitionLoc = locs.get('/options/definition')
  return {
    kind: 'proxy',
    loc: entry.keyLoc,
    config,
    dir: files.dir,
    streamRequestBody: !followsRedirects(data) && !validatesRequests(checked?.options),
    ...(definitionLoc === undefined ? {} : { definitionLoc }),
  }
}

/** The document subtree as a proxy value; records every value's location and the env references. */
function toProxyValue(node: DocNode, pointer: string, locs: Map<string, Loc>, envPaths: string[]): ProxyValueNode {
  locs.set(pointer, node.loc)
  if (node.kind === 'scalar') return { kind: 'json', value: node.value }
  if (node.kind === 'seq')
    return { kind: 'array', items: node.items.map((item, i) => toProxyValue(item, `${pointer}/${i}`, locs, envPaths)) }
  const only = node.entries.length === 1 ? node.entries[0]! : undefined
  if (only !== undefined && only.key === 'env' && pointer !== '' && !OBJECT_POSITIONS.has(pointer.slice(1))) {
    const name = only.value
    if (name.kind === 'scalar' && typeof name.value === 'string' && name.value !== '') {
      envPaths.push(pointer)
      return { kind: 'env', name: name.value }
    }
  }
  return {
    kind: 'object',
    members: node.entries.map((member) => {
      locs.set(`${pointer}/${escape(member.key)}`, member.value.loc)
      return [member.key, toProxyValue(member.value, `${pointer}/${escape(member.key)}`, locs, envPaths)] as const
    }),
  }
}

/** The value for the compile-time check: env references become placeholders (their checks are skipped). */
function staticValue(value: ProxyValueNode, pointer: string): JsonValue {
  switch (value.kind) {
    case 'env':
      return pointer === '/origin' || pointer === '/url' ? 'http://placeholder.invalid' : 'placeholder'
    case 'json':
      return typeof value.value === 'number' ? new JsonNumber(String(value.value)) : (value.value as JsonValue)
    case 'array':
      return value.items.map((item, i) => staticValue(item, `${pointer}/${i}`))
    case 'object':
      return new JsonObject(
        value.members.map(([key]) => key),
        value.members.map(([key, member]) => staticValue(member, `${pointer}/${escape(key)}`)),
      )
  }
}

/** UP-GEN-6 step 2: `validate-request` (true by default with `definition`, UP-PROXY-6) reads the body. */
function validatesRequests(options: UpstreamOptions | undefined): boolean {
  return options?.validateRequest !== undefined && options.validateRequest !== false
}

/** UP-GEN-6 step 2: `follow-redirects` statically true needs the body again for a 307/308. */
function followsRedirects(data: JsonValue): boolean {
  const options = data instanceof JsonObject ? data.get('options') : undefined
  const follow = options instanceof JsonObject ? options.get('follow-redirects') : undefined
  return follow === true || follow === 'true'
}

function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1')
}

function pointerOf(path: ConfigPath): string {
  return path.map((part) => `/${escape(String(part))}`).join('')
}

function nearestLoc(locs: ReadonlyMap<string, Loc>, pointer: string): Loc | undefined {
  for (let at = pointer; ; at = at.slice(0, at.lastIndexOf('/'))) {
    const loc = locs.get(at)
    if (loc !== undefined) return loc
    if (at === '') return undefined
  }
}
