/**
 * Diagnostics of one project for the language server: the real compiler in check-only mode on the
 * editor's unsaved documents laid over the disk (compile() with `files`, `checkOnly`). Open flow and
 * test documents the project does not read (test documents, flows not referenced yet) are compiled on
 * their own, as svc-test compiles a test document; other XML files (root neither `flow` nor
 * `svc-test`) are left alone. The result holds every file the check read, each
 * with its diagnostics (possibly none), so that the caller can clear what was fixed.
 */
import { dirname, extname } from 'node:path'

import { type Diagnostic, DiagnosticBag } from '../diagnostics/diagnostic.js'
import { compileFlowFile } from '../flow/index.js'
import { compile } from '../index.js'
import { overlayFiles, type ProjectFiles } from '../project-files.js'
import { expressionParser } from '../xpath/index.js'
import { isProjectDocument, rootElementName } from './feature-context.js'

export interface CheckResult {
  /** Diagnostics by absolute path, for every file the check read or reported on. */
  readonly byFile: ReadonlyMap<string, readonly Diagnostic[]>
}

/**
 * Checks the project of `definition` (null: none), given the open documents by absolute path;
 * `members` are the open documents that belong to it.
 */
export async function checkProject(
  definition: string | null,
  open: ReadonlyMap<string, string>,
  members: readonly string[],
): Promise<CheckResult> {
  const byFile = new Map<string, Diagnostic[]>()
  const add = (diagnostic: Diagnostic) => {
    const list = byFile.get(diagnostic.loc.file.path) ?? []
    list.push(diagnostic)
    byFile.set(diagnostic.loc.file.path, list)
  }
  const read = new Set<string>()
  const files = recording(overlayFiles(open), read)
  if (definition !== null) {
    const result = await compile(definition, { checkOnly: true, files })
    for (const diagnostic of result.diagnostics) add(diagnostic)
  }
  const siteRoot = definition === null ? undefined : dirname(definition)
  for (const path of members) {
    if (read.has(path) || extname(path).toLowerCase() !== '.xml') continue
    const text = open.get(path)
    if (text === undefined || !isProjectDocument(path, text)) continue
    read.add(path)
    const bag = new DiagnosticBag()
    const root = siteRoot ?? dirname(path)
    compileFlowFile(
      path,
      text,
      {
        siteRoot: root,
        parseExpression: expressionParser({ siteRoot: root }),
        test: rootElementName(text) === 'svc-test',
        files,
      },
      bag,
    )
    for (const diagnostic of bag.sorted()) add(diagnostic)
  }
  for (const path of read) if (!byFile.has(path)) byFile.set(path, [])
  return { byFile }
}

/** `files`, noting every path read in `read`. */
function recording(files: ProjectFiles, read: Set<string>): ProjectFiles {
  return {
    read: (path) => {
      const bytes = files.read(path)
      read.add(path)
      return bytes
    },
    problem: (path) => files.problem(path),
  }
}
