// The svc-gateway extension: starts the language server `svc-lsp` over stdio for XML, YAML and JSON
// files (docs/editor.md in the svc-gateway repository says what it offers).
const { existsSync } = require('node:fs')
const { delimiter, dirname, isAbsolute, join } = require('node:path')
const vscode = require('vscode')
const { LanguageClient } = require('vscode-languageclient/node')

/** @type {LanguageClient | undefined} */
let client

const WINDOWS = process.platform === 'win32'

/**
 * The server command, first found: the configured `svc.server.path`; for each workspace folder, then
 * its parents (a package hoisted in a monorepo), the `svc-lsp` that installing svc-gateway linked in
 * `node_modules/.bin`, then the package's own `bin/svc-lsp.mjs`; else `svc-lsp` on the PATH.
 */
function serverCommand(config) {
  const node = config.get('server.node') || 'node'
  const configured = config.get('server.path')
  if (configured) return { command: node, args: [configured, '--stdio'] }
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    for (const dir of foldersUp(folder.uri.fsPath)) {
      const linked = join(dir, 'node_modules', '.bin', WINDOWS ? 'svc-lsp.cmd' : 'svc-lsp')
      if (existsSync(linked)) return linkedCommand(linked, node)
      const script = join(dir, 'node_modules', 'svc-gateway', 'bin', 'svc-lsp.mjs')
      if (existsSync(script)) return { command: node, args: [script, '--stdio'] }
    }
  }
  return { command: WINDOWS ? 'svc-lsp.cmd' : 'svc-lsp', args: ['--stdio'], options: { shell: WINDOWS } }
}

/**
 * Runs the linked `svc-lsp` itself. It starts `node` from the PATH, so a configured Node.js given as a
 * path goes first on it. Windows runs a `.cmd` only through the shell, where a path with spaces needs quotes.
 */
function linkedCommand(linked, node) {
  // Windows spells the variable `Path`; a second `PATH` beside it would be ambiguous
  const key = Object.keys(process.env).find((name) => name.toUpperCase() === 'PATH') ?? 'PATH'
  const env = isAbsolute(node) ? { ...process.env, [key]: `${dirname(node)}${delimiter}${process.env[key] ?? ''}` } : process.env
  return WINDOWS ? { command: `"${linked}"`, args: ['--stdio'], options: { shell: true, env } } : { command: linked, args: ['--stdio'], options: { env } }
}

/** `dir`, then each parent up to the root. */
function* foldersUp(dir) {
  for (;;) {
    yield dir
    if (dirname(dir) === dir) return
    dir = dirname(dir)
  }
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
  // which server started, for "svc-gateway" in the Output panel when it does not
  client.outputChannel.appendLine(`starting ${server.command} ${server.args.join(' ')}`)
  context.subscriptions.push(client)
  return client.start()
}

function deactivate() {
  return client?.stop()
}

module.exports = { activate, deactivate }
