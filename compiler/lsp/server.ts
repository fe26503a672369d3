/**
 * The language server (issue 14 part 4): one connection, the editor's open documents, and the
 * features of this folder. Definitions (`*.yaml`, `*.yml`, `*.json`), flows and test documents
 * (`*.xml`) are the documents it knows; each belongs to the project of its definition
 * (project-root.ts). A flow or test document without one is checked alone and says so (checked-alone.ts).
 */
import { dirname, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import {
  type Connection,
  type Diagnostic as LspDiagnostic,
  type InitializeResult,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node'
import { TextDocument } from 'vscode-languageserver-textdocument'

import { packageVersion } from '../package-root.js'
import { checkProject } from './check.js'
import { checkedAloneNote } from './checked-alone.js'
import { completionsAt } from './completion.js'
import { definitionAt } from './definition.js'
import { DefinitionFolders } from './definition-folders.js'
import { DiagnosticsScheduler, type ScheduledProject, type SchedulerHost } from './diagnostics-scheduler.js'
import { hoverAt } from './hover.js'
import { toLspDiagnostic } from './lsp-diagnostic.js'
import { definitionFor } from './project-root.js'

export interface ServerOptions {
  /** Pause after the last change before a check (ms). */
  readonly debounceMs?: number
}

/** What the client may pass as `initializationOptions`. */
interface InitializationOptions {
  /** The definition of every document (absolute, or relative to the first workspace folder). */
  readonly definition?: string
  readonly debounceMs?: number
}

export function startServer(connection: Connection, options: ServerOptions = {}): void {
  const documents = new TextDocuments(TextDocument)
  let configured: string | undefined
  const folders = new DefinitionFolders()
  let scheduler = new DiagnosticsScheduler(schedulerHost(), options.debounceMs ?? 200)

  const pathOf = (uri: string): string | undefined => (uri.startsWith('file:') ? fileURLToPath(uri) : undefined)
  const openTexts = (): Map<string, string> => {
    const open = new Map<string, string>()
    for (const document of documents.all()) {
      const path = pathOf(document.uri)
      if (path !== undefined) open.set(path, document.getText())
    }
    return open
  }
  const projectOf = (path: string, open: ReadonlyMap<string, string>): ScheduledProject => {
    const definition = definitionFor(path, configured, open, folders)
    return { definition, key: definition ?? path }
  }

  function schedulerHost(): SchedulerHost {
    return {
      async check(project: ScheduledProject) {
        const open = openTexts()
        const members = [...open.keys()].filter((path) => projectOf(path, open).key === project.key)
        return checkProject(project.definition, open, members)
      },
      publish(path: string, diagnostics: LspDiagnostic[]) {
        void connection.sendDiagnostics({ uri: pathToFileURL(path).href, diagnostics })
      },
      convert: toLspDiagnostic,
      notes(project: ScheduledProject, path: string) {
        return project.definition === null && path === project.key
          ? [checkedAloneNote(openTexts().get(path) ?? '')]
          : []
      },
      fail(project: ScheduledProject, error: unknown) {
        connection.console.error(
          `svc-lsp: checking ${project.key} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        )
      },
    }
  }

  connection.onInitialize((params): InitializeResult => {
    const init = (params.initializationOptions ?? {}) as InitializationOptions
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined
    const base = folder !== undefined && folder !== null ? pathOf(folder) : undefined
    if (typeof init.definition === 'string') configured = resolve(base ?? process.cwd(), init.definition)
    if (typeof init.debounceMs === 'number') scheduler = new DiagnosticsScheduler(schedulerHost(), init.debounceMs)
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        completionProvider: { triggerCharacters: ['<', '$', '"'], resolveProvider: false },
        hoverProvider: true,
        definitionProvider: true,
      },
      serverInfo: { name: 'svc-lsp', version: packageVersion() },
    }
  })

  const changed = (uri: string, delayMs?: number) => {
    const path = pathOf(uri)
    if (path === undefined) return
    scheduler.schedule(projectOf(path, openTexts()), delayMs)
  }
  // opening fires a content change too: the first one of a document is checked at once
  const opened = new Set<string>()
  documents.onDidChangeContent((event) => {
    const first = !opened.has(event.document.uri)
    opened.add(event.document.uri)
    changed(event.document.uri, first ? 0 : undefined)
  })
  documents.onDidSave((event) => {
    // the saved text may now declare (or no longer declare) a definition by content
    const path = pathOf(event.document.uri)
    if (path !== undefined) folders.forget([path])
    changed(event.document.uri, 0)
  })
  documents.onDidClose((event) => {
    opened.delete(event.document.uri)
    // the file on disk now counts again; a document checked alone has nothing left to show
    const path = pathOf(event.document.uri)
    if (path === undefined) return
    const project = projectOf(path, openTexts())
    if (project.definition === null) void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] })
    else scheduler.schedule(project, 0)
  })

  // a file changed on disk (when the client watches files): every project with an open document is checked again
  connection.onDidChangeWatchedFiles((params) => {
    folders.forget(params.changes.flatMap((change) => pathOf(change.uri) ?? []))
    const open = openTexts()
    const projects = new Map(
      [...open.keys()].map((path) => projectOf(path, open)).map((project) => [project.key, project]),
    )
    for (const project of projects.values()) scheduler.schedule(project)
  })

  const features = (uri: string) => {
    const document = documents.get(uri)
    const path = pathOf(uri)
    if (document === undefined || path === undefined) return undefined
    const open = openTexts()
    const definition = projectOf(path, open).definition
    return { document, path, siteRoot: definition === null ? dirname(path) : dirname(definition), open }
  }
  connection.onCompletion((params) => {
    const at = features(params.textDocument.uri)
    return at ? completionsAt(at, params.position) : []
  })
  connection.onHover((params) => {
    const at = features(params.textDocument.uri)
    return at ? hoverAt(at, params.position) : null
  })
  connection.onDefinition((params) => {
    const at = features(params.textDocument.uri)
    return at ? definitionAt(at, params.position) : null
  })
  connection.onShutdown(() => scheduler.dispose())

  documents.listen(connection)
  connection.listen()
}
