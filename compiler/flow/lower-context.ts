/**
 * State of lowering one flow file: the file, the bag, the options, and what the loader and the
 * checks need afterwards (sub-flow references with their `src` positions, variables named by `out`).
 * One instance per file and call; nothing is kept between calls.
 */
import { dirname, relative } from 'node:path'

import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import { type Loc, locAt, type SourceFile, type SubSource } from '../diagnostics/source.js'
import type { XPathNode } from '../ir/xpath.js'
import type { ProjectFiles } from '../project-files.js'
import type { XmlAttribute, XmlElement } from './parse-xml.js'
import { decodeAttributeValue } from './xml-text.js'

/** compiler/xpath's `parseExpression`; injected so the flow stage can be tested on its own. */
export type ExpressionParser = (sub: SubSource, bag: DiagnosticBag) => XPathNode | undefined

export interface LowerOptions {
  /** Absolute directory of the definition (the site root, F-LOC-2). */
  readonly siteRoot: string
  readonly parseExpression: ExpressionParser
  /** The document is a test document run by svc-test: root `svc-test`, test actions allowed. */
  readonly test?: boolean
  /** Where `src` templates are read (the disk when absent). */
  readonly files?: ProjectFiles
}

/** A `sub-flow src` reference: absolute target path and the `src` attribute's position. */
export interface SubFlowRef {
  readonly path: string
  readonly loc: Loc
}

export class LowerContext {
  readonly subFlowRefs: SubFlowRef[] = []
  /** Names (without `$`) written by `out` attributes, including those of dropped actions. */
  readonly assigned = new Set<string>()

  constructor(
    readonly file: SourceFile,
    readonly bag: DiagnosticBag,
    readonly options: LowerOptions,
  ) {}

  /** Site-relative directory of this file ('' for the site root), for relative locations. */
  get dir(): string {
    const rel = relative(this.options.siteRoot, dirname(this.file.path)).split('\\').join('/')
    return rel === '.' ? '' : rel
  }

  loc(start: number, end = start): Loc {
    return locAt(this.file, start, end)
  }

  /** The element's `<`. */
  elementLoc(element: XmlElement): Loc {
    return locAt(this.file, element.start, element.tagEnd)
  }

  /** The attribute's name. */
  attributeLoc(attribute: XmlAttribute): Loc {
    return locAt(this.file, attribute.nameStart, attribute.valueEnd + 1)
  }

  /** The decoded, normalised attribute value with its offset map. */
  attributeValue(attribute: XmlAttribute): SubSource {
    return decodeAttributeValue(this.file, attribute.valueStart, attribute.valueEnd)
  }

  /** The start tag as written, line breaks and their indentation collapsed (for source comments). */
  tagText(element: XmlElement): string {
    return this.file.text.slice(element.start, element.tagEnd).replace(/[ \t]*[\r\n]+[ \t]*/g, ' ')
  }
}

export function attributeOf(element: XmlElement, name: string): XmlAttribute | undefined {
  return element.attributes.find((attribute) => attribute.name === name)
}
