// The svc-gateway extension: starts the language server `svc-lsp` over stdio for XML, YAML and JSON
// files (docs/editor.md in the svc-gateway repository says what it offers).
const { existsSync } = require('node:fs')
const { join } = require('node:path')
const vscode = require('vscode')
const { LanguageClient } = require('vscode-languageclient/node')

/** @type {LanguageClient | undefined} */
let client

/** The server command: the configured path, the workspace's svc-gateway package, or svc-lsp on the PATH. */
function serverCommand(config) {
  const node = config.get('server.node') || 'node'
  const configured = config.get('server.path')
  if (configured) return { command: node, args: [configured, '--stdio'] }
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const local = join(folder.uri.fsPath, 'node_modules', 'svc-gateway', 'bin', 'svc-lsp.mjs')
    if (existsSync(local)) return { command: node, args: [local, '--stdio'] }
  }
  return { command: 'svc-lsp', args: ['--stdio'] }
}

function activate(context) {
  const config = vscode.workspace.getConfiguration('svc')
  const server = serverCommand(config)
  const definition = config.get('definition')
  client = new LanguageClient(
    'svc-lsp',
    'svc-gateway',
    { run: server, debug: server },
    {
      documentSelector: ['xml', 'yaml', 'json'].map((language) => ({ scheme: 'file', language })),
      synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.{xml,yaml,yml,json,xsl,xslt}') },
      initializationOptions: definition ? { definition } : {},
    },
  )
  context.subscriptions.push(client)
  return client.start()
}

function deactivate() {
  return client?.stop()
}

module.exports = { activate, deactivate }
