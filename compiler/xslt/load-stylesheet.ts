/**
 * Loads the stylesheet an `xslt src` names, with every module it includes or imports (actions.md
 * ACT-xslt-1, flows.md F-DOC-11): each must exist inside the project root, be UTF-8 and well-formed;
 * an empty main module is a CE. Static `xsl:include`/`xsl:import` targets are relative paths (or
 * `svc://site/…`) resolved against their module. The result carries what later stages need: the
 * modules (for the XSLT compiler and its messages), the cache key (a hash of the compiler version and
 * every module's path and text), the name of the compiled file in the output folder, the `xsl:output`
 * settings (ACT-xslt-3: the main module first, then the others in reference order; the first module
 * that sets a property wins) and the documents the stylesheet reads (ACT-xslt-5).
 */
import { createHash } from 'node:crypto'
import { readFileSync, realpathSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

import { normaliseSitePath, parseLocation } from '../../runtime/context/location.js'
import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import { createSourceFile, type Loc, locAt, type SourceFile } from '../diagnostics/source.js'
import type { StylesheetDocument, StylesheetNode, StylesheetOutput } from '../ir/content-actions.js'
import { type ModuleFacts, readStylesheetModule } from './stylesheet-module.js'
import { xsltCompilerVersion } from './xslt3.js'

const SITE_URI = 'svc://site/'

interface LoadedModule {
  readonly path: string
  readonly file: SourceFile
  readonly facts: ModuleFacts
}

/** The stylesheet at site-relative `path` (named at `srcLoc`); undefined after reported problems. */
export function loadStylesheet(
  siteRoot: string,
  path: string,
  srcLoc: Loc,
  bag: DiagnosticBag,
): StylesheetNode | undefined {
  const modules = new Map<string, LoadedModule>()
  const pending: { path: string; loc: Loc; what: string }[] = [{ path, loc: srcLoc, what: 'stylesheet' }]
  let ok = true
  while (pending.length > 0) {
    const next = pending.shift()!
    if (modules.has(next.path)) continue
    const file = readModule(siteRoot, next.path, next.loc, next.what, bag)
    if (file === undefined) {
      ok = false
      continue
    }
    if (next.path === path && file.text.trim() === '') {
      bag.error('xslt/invalid-stylesheet', srcLoc, `stylesheet ${path} is empty`)
      return undefined
    }
    const facts = readStylesheetModule(file, bag)
    if (facts === undefined) {
      ok = false
      continue
    }
    modules.set(next.path, { path: next.path, file, facts })
    for (const reference of facts.references) {
      const target = resolveModuleUri(reference.href, next.path)
      const loc = locAt(file, reference.offset)
      if (target === undefined) {
        bag.error(
          'xslt/invalid-stylesheet',
          loc,
          `xsl:${reference.kind} href "${reference.href}" must be a relative path inside the project`,
        )
        ok = false
      } else pending.push({ path: target, loc, what: `xsl:${reference.kind} target` })
    }
  }
  if (!ok) return undefined
  const loaded = [...modules.values()]
  const documents = documentsOf(loaded, bag)
  if (documents === undefined) return undefined
  const hash = hashOf(loaded)
  return {
    kind: 'stylesheet',
    loc: srcLoc,
    path,
    modules: loaded.map((module) => module.file),
    hash,
    sef: `xslt/${baseName(path)}-${hash.slice(0, 12)}.sef.json`,
    output: outputOf(loaded),
    documents,
  }
}

/** Reads a module as UTF-8 text; a missing, unreadable or outside file is a CE at `loc`. */
function readModule(
  siteRoot: string,
  path: string,
  loc: Loc,
  what: string,
  bag: DiagnosticBag,
): SourceFile | undefined {
  const absolute = join(siteRoot, path)
  let bytes: Uint8Array
  try {
    const inside = relative(realpathSync(siteRoot), realpathSync(absolute))
    if (inside.startsWith('..') || inside.startsWith(sep)) {
      bag.error('xslt/stylesheet-not-found', loc, `${what} ${path} leaves the project root`)
      return undefined
    }
    bytes = readFileSync(absolute)
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT'
    bag.error('xslt/stylesheet-not-found', loc, `${what} ${path} ${missing ? 'not found' : 'cannot be read'}`)
    return undefined
  }
  try {
    return createSourceFile(absolute, new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    bag.error('xslt/invalid-stylesheet', loc, `${what} ${path} is not valid UTF-8`)
    return undefined
  }
}

/**
 * The site-relative path of an include/import href (relative or `svc://site/…`), or undefined. The
 * XSLT compiler reads modules from the file system, so a relative href may not climb out of the
 * project (F-LOC-2), which URL resolution would silently stop at the root.
 */
function resolveModuleUri(href: string, from: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(href)) {
    const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/') + 1) : ''
    let path: string
    try {
      path = decodeURI(href.split(/[?#]/)[0]!)
    } catch {
      return undefined
    }
    if (normaliseSitePath(path.startsWith('/') ? path : dir + path) === undefined) return undefined
  }
  const resolved = resolveUri(href, from)
  if (resolved === undefined || !resolved.startsWith(SITE_URI)) return undefined
  const location = locationOf(resolved)
  return location?.kind === 'file' ? location.path : undefined
}

/** `uri` resolved against the module at site-relative `from` (as the XSLT engine does); undefined unless `svc:`. */
function resolveUri(uri: string, from: string): string | undefined {
  try {
    const url = new URL(uri, SITE_URI + encodeURI(from))
    return url.protocol === 'svc:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** The F-LOC-1 location an absolute `svc://` URI names (percent-decoded), or undefined. */
function locationOf(uri: string): StylesheetDocument['location'] | undefined {
  let decoded: string
  try {
    decoded = decodeURI(uri)
  } catch {
    return undefined
  }
  const parsed = parseLocation(decoded, '')
  return parsed.ok && parsed.location.kind !== 'variable' ? parsed.location : undefined
}

/** ACT-xslt-5: the documents of literal `document()` calls; undefined after reported problems. */
function documentsOf(modules: readonly LoadedModule[], bag: DiagnosticBag): StylesheetDocument[] | undefined {
  const documents = new Map<string, StylesheetDocument>()
  let ok = true
  for (const module of modules) {
    for (const call of module.facts.calls) {
      const loc = locAt(module.file, call.offset)
      if (!call.ok) {
        bag.error('xslt/refused-resource', loc, call.reason)
        ok = false
        continue
      }
      const uri = resolveUri(call.uri, module.path)
      const location = uri === undefined ? undefined : locationOf(uri)
      if (uri === undefined || location === undefined) {
        bag.error(
          'xslt/refused-resource',
          loc,
          `document "${call.uri}" is not an svc:// location; stylesheets read only content locations and project files`,
        )
        ok = false
        continue
      }
      if (!documents.has(uri)) documents.set(uri, { uri, location })
    }
  }
  return ok ? [...documents.values()] : undefined
}

function outputOf(modules: readonly LoadedModule[]): StylesheetOutput {
  let method: string | null = null
  let mediaType: string | null = null
  for (const module of modules) {
    for (const output of module.facts.outputs) {
      method ??= output.method || null
      mediaType ??= output.mediaType || null
    }
  }
  return { method, mediaType }
}

function hashOf(modules: readonly LoadedModule[]): string {
  const hash = createHash('sha256').update(`xslt3 ${xsltCompilerVersion() ?? 'missing'}\0`)
  for (const module of modules) hash.update(module.path).update('\0').update(module.file.text).update('\0')
  return hash.digest('hex')
}

/** A file-name-safe stem of the stylesheet's name (`feeds/rss-to-items.xsl` -> `rss-to-items`). */
function baseName(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '')
  return name.replace(/[^A-Za-z0-9_-]/g, '_') || 'stylesheet'
}
