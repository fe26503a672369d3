/**
 * The note on a flow or test document for which no definition was found: it is checked on its own
 * (check.ts), which without a word looks like a project without problems (issue 24: a definition
 * named `api.yaml`, before definitions were also found by content). An Information diagnostic rather
 * than a `window/logMessage`: it shows where the user looks (the editor's problems, Neovim's
 * `vim.diagnostic`) instead of in a log few open, it is published with the document's other
 * diagnostics (so once per document, not once per check), and it goes away by itself when a
 * definition appears.
 */
import { type Diagnostic as LspDiagnostic, DiagnosticSeverity } from 'vscode-languageserver/node'
import { TextDocument } from 'vscode-languageserver-textdocument'

import { scanXml } from './xml-scan.js'

export const CHECKED_ALONE_MESSAGE =
  'no definition found in this folder or a parent (swagger.*, definition.*, or a YAML or JSON file with swagger: "2.0" at its top level): ' +
  'checked on its own, without the checks of a definition and across flows'

/** The note, on the root element's name (at the start of the text while there is none). */
export function checkedAloneNote(text: string): LspDiagnostic {
  const document = TextDocument.create('file:///checked-alone', 'xml', 0, text)
  const root = scanXml(text).elements[0]
  return {
    range: { start: document.positionAt(root?.nameStart ?? 0), end: document.positionAt(root?.nameEnd ?? 0) },
    severity: DiagnosticSeverity.Information,
    source: 'svc',
    message: CHECKED_ALONE_MESSAGE,
  }
}
