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

const ROOTS = new Set(['flow', 'svc-test'])

/** The root element's name of an XML text, if it has one. */
export function rootElementName(text: string): string | undefined {
  return /<(?![?!])([-\w:.]+)/.exec(text)?.[1]
}

/**
 * A flow or test document (root `flow` or `svc-test`, or none typed yet), or a Swagger definition
 * (a `swagger` key): other XML, YAML and JSON files of the workspace are left alone.
 */
export function isProjectDocument(path: string, text: string): boolean {
  const kind = documentKind(path)
  if (kind === 'flow') {
    const root = rootElementName(text)
    return root === undefined || ROOTS.has(root)
  }
  return kind === 'definition' && /^\s*["']?swagger["']?\s*:/m.test(text)
}
