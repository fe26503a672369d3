/**
 * The XSLT engine of one gateway (architecture: the lazily loaded engine hangs off the gateway;
 * actions.md ACT-xslt-2..5): SaxonJS is loaded on the first transformation, each compiled stylesheet
 * (SEF) is read and parsed once, and documents a stylesheet reads from project files are parsed once.
 * A transformation runs synchronously on the parsed SEF with the source as text; `document()` finds
 * only the documents given to it (compiler/xslt/resource-calls.ts decides which); `xsl:message`
 * output becomes `info` debug messages with topic `xslt`.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import type { FlowContext } from '../context/flow-context.js'
import type { Location } from '../context/location.js'
import { loadSaxon, type Saxon, type SaxonNode } from './saxon.js'
import type { XsltSetup } from './setup.js'

/** A document a stylesheet reads (`document('svc://…')`), as compiled. */
export interface StylesheetDocumentSpec {
  readonly uri: string
  readonly location: Exclude<Location, { kind: 'variable' }>
}

/** A compiled stylesheet as generated code describes it (hoisted constant). */
export interface StylesheetSpec {
  /** Site-relative path of the main module. */
  readonly src: string
  /** The SEF file, relative to the setup's folder. */
  readonly sef: string
  readonly method: string | null
  readonly mediaType: string | null
  readonly documents: readonly StylesheetDocumentSpec[]
}

/** Why a transformation failed (ACT-xslt-4). */
export class TransformError extends Error {}

export class XsltEngine {
  readonly #setup: XsltSetup
  #saxon: Saxon | undefined
  readonly #stylesheets = new Map<string, object>()
  readonly #documents = new Map<string, SaxonNode | null>()

  constructor(setup: XsltSetup) {
    this.#setup = setup
  }

  /** The engine module, loaded on first use; throws when it cannot be loaded. */
  get saxon(): Saxon {
    return (this.#saxon ??= loadSaxon(this.#setup.engine))
  }

  /** The parsed SEF of a stylesheet, read once; throws when it is missing or damaged. */
  stylesheet(spec: StylesheetSpec): object {
    let sef = this.#stylesheets.get(spec.sef)
    if (sef === undefined) {
      sef = JSON.parse(readFileSync(join(this.#setup.dir, spec.sef), 'utf8')) as object
      this.#stylesheets.set(spec.sef, sef)
    }
    return sef
  }

  /** Parses XML text into the engine's tree model; throws TransformError when it is not well-formed. */
  parse(text: string): SaxonNode {
    try {
      return this.saxon.XPath.evaluate('parse-xml($text)', null, { params: { text } }) as SaxonNode
    } catch (error) {
      throw new TransformError(describeError(error))
    }
  }

  /** A project file's document, parsed once per gateway; null when it cannot be parsed. */
  siteDocument(uri: string, read: () => string | null): SaxonNode | null {
    if (!this.#documents.has(uri)) {
      const text = read()
      let node: SaxonNode | null = null
      try {
        node = text === null ? null : this.parse(text)
      } catch {
        node = null
      }
      this.#documents.set(uri, node)
    }
    return this.#documents.get(uri)!
  }

  /** Runs a stylesheet on XML text; returns the serialized result or throws TransformError. */
  transform(
    ctx: FlowContext,
    spec: StylesheetSpec,
    sourceText: string,
    documentPool: Readonly<Record<string, SaxonNode>>,
  ): string {
    const saxon = this.saxon
    const stylesheetInternal = this.stylesheet(spec)
    try {
      const result = saxon.transform(
        {
          stylesheetInternal,
          sourceText,
          destination: 'serialized',
          stylesheetBaseURI: `svc://site/${encodeURI(spec.src)}`,
          documentPool,
          deliverMessage: (message) => {
            ctx.debug?.(
              'info',
              'xslt',
              `${spec.src}: xsl:message: ${String(saxon.XPath.evaluate('string(.)', message))}`,
            )
          },
        },
        'sync',
      )
      return String(result.principalResult ?? '')
    } catch (error) {
      throw new TransformError(describeError(error))
    }
  }
}

/** `<code>: <message>` of an engine error (codes without their namespace). */
function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const code = (error as { code?: unknown }).code
  const local = typeof code === 'string' ? code.replace(/^Q\{[^}]*\}/, '') : undefined
  return local === undefined || message.includes(local) ? message : `${local}: ${message}`
}

declare module '../context/flow-context.js' {
  interface GatewayServices {
    /** The lazily loaded XSLT engine and compiled stylesheets (actions.md ACT-xslt); only for apps using `xslt`. */
    readonly xslt?: XsltEngine
  }
}
