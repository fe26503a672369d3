/**
 * The part of SaxonJS's documented API the gateway uses (`SaxonJS.transform` in synchronous mode with
 * a parsed SEF, `SaxonJS.XPath.evaluate`, `SaxonJS.setLogLevel`), and loading the engine module.
 * The engine is CommonJS and must never be bundled into the strict-mode ESM bundle (dependencies.md
 * section 3), so it is required by path at run time: nothing here names the package statically.
 */
import { createRequire } from 'node:module'

/** A node of the engine's own tree model (opaque to the gateway). */
export type SaxonNode = object

export interface SaxonTransformOptions {
  readonly stylesheetInternal: object
  readonly sourceText: string
  readonly destination: 'serialized'
  readonly stylesheetBaseURI: string
  readonly documentPool: Readonly<Record<string, SaxonNode>>
  readonly deliverMessage: (message: SaxonNode, errorCode: unknown) => void
}

export interface Saxon {
  transform(options: SaxonTransformOptions, mode: 'sync'): { readonly principalResult: unknown }
  readonly XPath: {
    evaluate(
      expression: string,
      context: SaxonNode | null,
      options?: { readonly params?: Readonly<Record<string, unknown>> },
    ): unknown
  }
  setLogLevel(level: number): void
}

/**
 * Loads the engine module at `file` (150-260 ms the first time, dependencies.md section 1). Its
 * diagnostic printing to the console is switched off: the gateway's stderr carries JSON lines only,
 * and failures reach the gateway as exceptions.
 */
export function loadSaxon(file: string): Saxon {
  const saxon = createRequire(file)(file) as Saxon
  saxon.setLogLevel(0)
  return saxon
}
