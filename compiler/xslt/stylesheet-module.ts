/**
 * Reads one stylesheet module at compile time (actions.md ACT-xslt-1, ACT-xslt-3, ACT-xslt-5): checks
 * that it is well-formed XML without an internal DTD subset (oxn.md OXN-X1; positions in the module
 * itself), and collects what the compiler needs before the XSLT compiler runs: the `href` of every
 * `xsl:include` and `xsl:import`, the unnamed `xsl:output` settings, and the resource calls of its
 * expressions (every attribute of an XSLT element; `{…}` parts of other attributes; text of
 * `expand-text` modules; `xsl:source-document`, `xsl:merge-source` and `xsl:result-document`, which
 * would read or write files, are refused there). The first problem ends the module's reading.
 */
import sax from 'sax'

import { internalSubsetProblem } from '../../runtime/oxn/decoders/doctype.js'
import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import { locAt, type SourceFile } from '../diagnostics/source.js'
import { type ResourceCall, resourceCalls } from './resource-calls.js'

export const XSLT_NAMESPACE = 'http://www.w3.org/1999/XSL/Transform'

/** A reference to another module or resource, with its offset in the module's text. */
export interface ModuleReference {
  readonly offset: number
  readonly href: string
  readonly kind: 'include' | 'import'
}

export interface ModuleFacts {
  readonly references: readonly ModuleReference[]
  /** Unnamed `xsl:output` attributes in document order: `method`, `media-type`. */
  readonly outputs: readonly { readonly method: string | null; readonly mediaType: string | null }[]
  /** Resource calls with offsets in the module's text. */
  readonly calls: readonly ResourceCall[]
}

class StopReading extends Error {}

/** The module's facts; undefined after a reported problem. */
export function readStylesheetModule(file: SourceFile, bag: DiagnosticBag): ModuleFacts | undefined {
  const text = file.text
  const fail = (at: number, message: string): never => {
    bag.error('xslt/invalid-stylesheet', locAt(file, Math.max(0, Math.min(at, text.length))), message)
    throw new StopReading()
  }
  const refused = internalSubsetProblem(text)
  if (refused !== undefined) {
    bag.error(
      'xslt/invalid-stylesheet',
      locAt(file, Math.max(0, text.indexOf('<!DOCTYPE'))),
      `malformed stylesheet: ${refused}`,
    )
    return undefined
  }
  const references: ModuleReference[] = []
  const outputs: { method: string | null; mediaType: string | null }[] = []
  const calls: ResourceCall[] = []
  let expandText = false
  const parser = sax.parser(true, { xmlns: true, position: true, strictEntities: true } as sax.SAXOptions)
  parser.onerror = (error) => {
    const first = (error.message.split('\n')[0] ?? '').replace(/\.$/, '')
    fail(parser.position - 1, `malformed stylesheet: ${first.charAt(0).toLowerCase()}${first.slice(1)}`)
  }
  parser.onopentag = (node) => {
    const tag = node as sax.QualifiedTag
    const start = parser.startTagPosition - 1
    const tagText = text.slice(start, parser.position)
    const isXslt = tag.uri === XSLT_NAMESPACE
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.local === 'expand-text' && /^(yes|true|1)$/.test(attribute.value.trim())) expandText = true
      const valueStart = start + attributeValueOffset(tagText, attribute.name)
      const expression = isXslt && attribute.uri === '' ? attribute.value : bracedParts(attribute.value)
      for (const call of resourceCalls(expression))
        calls.push({ ...call, offset: valueStart + Math.min(call.offset, attribute.value.length) })
    }
    if (!isXslt) return
    const value = (name: string): string | null => tag.attributes[name]?.value ?? null
    if ((tag.local === 'include' || tag.local === 'import') && value('href') !== null) {
      references.push({ offset: start + attributeValueOffset(tagText, 'href'), href: value('href')!, kind: tag.local })
    } else if (tag.local === 'output' && value('name') === null) {
      outputs.push({ method: value('method')?.trim() ?? null, mediaType: value('media-type')?.trim() ?? null })
    } else if (tag.local === 'source-document' || tag.local === 'merge-source') {
      calls.push({ ok: false, offset: start, reason: `xsl:${tag.local} is not available in stylesheets` })
    } else if (tag.local === 'result-document') {
      // the engine would write the document as a file of the server
      calls.push({
        ok: false,
        offset: start,
        reason: 'xsl:result-document is not available in stylesheets: it would write files on the server',
      })
    }
  }
  parser.ontext = (data) => {
    if (!expandText) return
    const at = parser.position - data.length
    for (const call of resourceCalls(bracedParts(data))) calls.push({ ...call, offset: at })
  }
  try {
    parser.write(text).close()
  } catch (error) {
    if (error instanceof StopReading) return undefined
    throw error
  }
  return { references, outputs, calls }
}

/** Offset of an attribute's value inside its start tag (0 when it cannot be found). */
function attributeValueOffset(tagText: string, name: string): number {
  const match = new RegExp(`\\s${name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}\\s*=\\s*["']`).exec(tagText)
  return match === null ? 0 : match.index + match[0].length
}

/**
 * The `{…}` parts of an attribute value template or text value template, blanked outside, so
 * offsets stay those of the value (`{{` and `}}` are literal braces).
 */
function bracedParts(value: string): string {
  let out = ''
  let depth = 0
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!
    if (depth === 0 && (c === '{' || c === '}') && value[i + 1] === c) {
      out += '  '
      i++
    } else if (c === '{') {
      depth++
      out += depth === 1 ? ' ' : c
    } else if (c === '}' && depth > 0) {
      depth--
      out += depth === 0 ? ' ' : c
    } else out += depth > 0 ? c : ' '
  }
  return out
}
