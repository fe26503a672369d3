/** The input of every editor feature: the document, where it lives, and its project's site root. */
import { extname } from 'node:path'
import type { TextDocument } from 'vscode-languageserver-textdocument'

export interface FeatureContext {
  readonly document: TextDocument
  /** Absolute path of the document. */
  readonly path: string
  /** Directory of the project's definition (the document's own directory without one). */
  readonly siteRoot: string
}

export type DocumentKind = 'flow' | 'definition' | 'other'

/** Flows and test documents are XML; definitions YAML or JSON. */
export function documentKind(path: string): DocumentKind {
  const extension = extname(path).toLowerCase()
  if (extension === '.xml') return 'flow'
  if (extension === '.yaml' || extension === '.yml' || extension === '.json') return 'definition'
  return 'other'
}
