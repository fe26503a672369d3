/**
 * The language server as an editor runs it (issue 14 part 4): the built `bin/svc-lsp.mjs --stdio` as
 * a child process, driven by a real JSON-RPC client (vscode-jsonrpc) over its stdin and stdout, on a
 * copy of examples/quickstart. Diagnostics are compared with what `svc-compile --check` prints (and
 * compile() reports) for the same text saved to disk.
 */
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createMessageConnection,
  type MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node'

import { compile } from '../../compiler/index.js'
import { ACTION_DOCS, FUNCTION_DOCS } from '../../compiler/language/index.js'

const ROOT = new URL('../../', import.meta.url).pathname
const BIN = join(ROOT, 'bin/svc-lsp.mjs')
const COMPILE = join(ROOT, 'bin/svc-compile.mjs')

interface Range {
  readonly start: { readonly line: number; readonly character: number }
  readonly end: { readonly line: number; readonly character: number }
}
interface LspDiagnostic {
  readonly range: Range
  readonly severity: number
  readonly code: string
  readonly message: string
}
interface Published {
  readonly uri: string
  readonly diagnostics: readonly LspDiagnostic[]
  readonly at: number
}

let site: string
/** More project folders made by single tests, removed at the end. */
const others: string[] = []
let child: ChildProcessWithoutNullStreams
let connection: MessageConnection
let stderr = ''
const published: Published[] = []
const waiters: (() => void)[] = []

/** The first publication for `uri` after index `from` that satisfies `accept`; fails after `ms`. */
async function nextDiagnostics(
  uri: string,
  from: number,
  accept: (p: Published) => boolean,
  ms = 10_000,
): Promise<Published> {
  const deadline = Date.now() + ms
  for (;;) {
    const found = published.slice(from).find((p) => p.uri === uri && accept(p))
    if (found) return found
    if (Date.now() > deadline)
      throw new Error(
        `no matching diagnostics for ${uri} within ${ms} ms; got ${JSON.stringify(published.slice(from))}\nstderr: ${stderr}`,
      )
    await new Promise<void>((resolve) => {
      waiters.push(resolve)
      setTimeout(resolve, 100)
    })
  }
}

const uriOf = (path: string) => pathToFileURL(path).href

/** svc-compile --check on the site as saved: its first `file:line:col: severity: message` line for `file`. */
function compileReport(file: string): { line: number; column: number; message: string } {
  const result = spawnSync(process.execPath, [COMPILE, join(site, 'definition.yaml'), '--check'], {
    cwd: site,
    encoding: 'utf8',
  })
  const line = result.stderr.split('\n').find((l) => l.startsWith(`${file}:`))
  const match = line && /^[^:]+:(\d+):(\d+): (?:error|warning): (.*)$/.exec(line)
  if (!match) throw new Error(`svc-compile printed no diagnostic for ${file}:\n${result.stderr}`)
  return { line: Number(match[1]), column: Number(match[2]), message: match[3]! }
}

beforeAll(async () => {
  site = mkdtempSync(join(tmpdir(), 'svc-lsp-'))
  cpSync(join(ROOT, 'examples/quickstart'), site, { recursive: true, filter: (path) => !path.includes('/dist') })
  child = spawn(process.execPath, [BIN, '--stdio'], { cwd: site })
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin))
  connection.onNotification(
    'textDocument/publishDiagnostics',
    (params: { uri: string; diagnostics: LspDiagnostic[] }) => {
      published.push({ ...params, at: performance.now() })
      for (const wake of waiters.splice(0)) wake()
    },
  )
  connection.listen()
})

afterAll(() => {
  connection?.dispose()
  child?.kill()
  rmSync(site, { recursive: true, force: true })
  for (const other of others) rmSync(other, { recursive: true, force: true })
})

describe('svc-lsp over stdio', { timeout: 60_000 }, () => {
  it('answers initialize with its capabilities', async () => {
    const result = await connection.sendRequest<{
      capabilities: Record<string, unknown>
      serverInfo: { name: string }
    }>('initialize', {
      processId: process.pid,
      rootUri: uriOf(site),
      workspaceFolders: [{ uri: uriOf(site), name: 'site' }],
      capabilities: {},
    })
    expect(result.serverInfo.name).toBe('svc-lsp')
    expect(result.capabilities).toMatchObject({ hoverProvider: true, definitionProvider: true, completionProvider: {} })
    await connection.sendNotification('initialized', {})
  })

  it('publishes the diagnostics svc-compile reports for a broken flow, on the unsaved text', async () => {
    const hello = join(site, 'flows/hello.xml')
    const saved = readFileSync(hello, 'utf8')
    // a comment with a character outside the BMP before the error: columns count code points, LSP characters UTF-16 units
    const broken = saved.replace('<dump in="$greeting"', '<!-- 👋 --><dump in="$greeting" in="$name"')
    expect(broken).not.toBe(saved)
    const from = published.length
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: uriOf(hello), languageId: 'xml', version: 1, text: broken },
    })
    const { diagnostics } = await nextDiagnostics(uriOf(hello), from, (p) => p.diagnostics.length > 0)
    const error = diagnostics[0]!
    expect(error.severity).toBe(1)
    expect(error.code).toMatch(/^[a-z]+\/[a-z-]+$/)

    writeFileSync(hello, broken)
    const printed = compileReport('flows/hello.xml')
    const compiled = await compile(join(site, 'definition.yaml'), { checkOnly: true })
    writeFileSync(hello, saved)
    expect(error.code).toBe(compiled.diagnostics.find((d) => d.loc.file.path === hello)?.code)
    expect(printed.message).toContain(error.message)
    const lineText = broken.split('\n')[printed.line - 1]!
    expect(error.range.start).toEqual({
      line: printed.line - 1,
      character: [...lineText].slice(0, printed.column - 1).join('').length,
    })
  })

  it('reports an XPath error typed into a flow soon after the change, and clears it when fixed', async () => {
    const hello = join(site, 'flows/hello.xml')
    const saved = readFileSync(hello, 'utf8')
    let from = published.length
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: uriOf(hello), version: 2 },
      contentChanges: [{ text: saved }],
    })
    await nextDiagnostics(uriOf(hello), from, (p) => p.diagnostics.length === 0)

    const at = saved.indexOf('concat(')
    const before = saved.slice(0, at)
    const position = { line: before.split('\n').length - 1, character: at - before.lastIndexOf('\n') - 1 }
    from = published.length
    const sent = performance.now()
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: uriOf(hello), version: 3 },
      contentChanges: [
        {
          range: { start: position, end: { ...position, character: position.character + 'concat'.length } },
          text: 'concatt',
        },
      ],
    })
    const reported = await nextDiagnostics(uriOf(hello), from, (p) => p.diagnostics.length > 0)
    const latency = reported.at - sent
    process.stdout.write(`svc-lsp: diagnostics ${Math.round(latency)} ms after didChange (debounce 200 ms)\n`)
    expect(reported.diagnostics[0]).toMatchObject({ code: 'xpath/unknown-function', range: { start: position } })
    expect(latency).toBeLessThan(10_000)

    from = published.length
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: uriOf(hello), version: 4 },
      contentChanges: [{ text: saved }],
    })
    await nextDiagnostics(uriOf(hello), from, (p) => p.diagnostics.length === 0)
  })

  it('completes function names with their signatures, and variables set earlier', async () => {
    const hello = join(site, 'flows/hello.xml')
    const text = readFileSync(hello, 'utf8').replace("concat('Hello, ', $name, '!')", 'con')
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: uriOf(hello), version: 5 },
      contentChanges: [{ text }],
    })
    const lines = text.split('\n')
    const line = lines.findIndex((l) => l.includes('>con</eval>'))
    const character = lines[line]!.indexOf('>con<') + 4
    const items = await connection.sendRequest<{ label: string; detail?: string }[]>('textDocument/completion', {
      textDocument: { uri: uriOf(hello) },
      position: { line, character },
    })
    const concat = items.find((item) => item.label === 'concat')
    expect(concat?.detail).toBe(FUNCTION_DOCS['concat']!.signature)

    const withDollar = text.replace('>con</eval>', '>$</eval>')
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: uriOf(hello), version: 6 },
      contentChanges: [{ text: withDollar }],
    })
    const variableLine = withDollar.split('\n').findIndex((l) => l.includes('>$</eval>'))
    const variables = await connection.sendRequest<{ label: string }[]>('textDocument/completion', {
      textDocument: { uri: uriOf(hello) },
      position: { line: variableLine, character: withDollar.split('\n')[variableLine]!.indexOf('>$<') + 2 },
    })
    // the flow's own variable first, then the predefined ones (F-VAR-7)
    expect(variables.map((item) => item.label)).toEqual([
      'name',
      'body',
      'env',
      'request',
      'server',
      'upstream',
      'error',
    ])
  })

  it('describes an action on hover', async () => {
    const hello = join(site, 'flows/hello.xml')
    const text = readFileSync(hello, 'utf8')
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: uriOf(hello), version: 7 },
      contentChanges: [{ text }],
    })
    const line = text.split('\n').findIndex((l) => l.includes('<dump '))
    const character = text.split('\n')[line]!.indexOf('<dump') + 2
    const hover = await connection.sendRequest<{ contents: { kind: string; value: string } } | null>(
      'textDocument/hover',
      { textDocument: { uri: uriOf(hello) }, position: { line, character } },
    )
    expect(hover?.contents.kind).toBe('markdown')
    expect(hover?.contents.value).toContain(ACTION_DOCS.dump.summary)
  })

  it('jumps from x-svc-flow to the flow file', async () => {
    const definition = join(site, 'definition.yaml')
    const text = readFileSync(definition, 'utf8')
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: uriOf(definition), languageId: 'yaml', version: 1, text },
    })
    const lines = text.split('\n')
    const line = lines.findIndex((l) => l.includes('x-svc-flow: flows/item.xml'))
    const character = lines[line]!.indexOf('item.xml')
    const location = await connection.sendRequest<{ uri: string } | null>('textDocument/definition', {
      textDocument: { uri: uriOf(definition) },
      position: { line, character },
    })
    expect(location?.uri).toBe(uriOf(join(site, 'flows/item.xml')))
  })

  it('checks the unsaved definition: a missing flow is reported there, and cleared when fixed', async () => {
    const definition = join(site, 'definition.yaml')
    const text = readFileSync(definition, 'utf8')
    const broken = text.replace('x-svc-flow: flows/echo.xml', 'x-svc-flow: flows/echoo.xml')
    let from = published.length
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: uriOf(definition), version: 2 },
      contentChanges: [{ text: broken }],
    })
    const reported = await nextDiagnostics(uriOf(definition), from, (p) => p.diagnostics.length > 0)
    const line = broken.split('\n').findIndex((l) => l.includes('flows/echoo.xml'))
    expect(reported.diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([['project/missing-flow', line]])

    from = published.length
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri: uriOf(definition), version: 3 },
      contentChanges: [{ text }],
    })
    await nextDiagnostics(uriOf(definition), from, (p) => p.diagnostics.length === 0)
  })

  it('finds a definition named api.yaml by its content: it is checked, and its flows with it', async () => {
    const other = mkdtempSync(join(tmpdir(), 'svc-lsp-api-'))
    others.push(other)
    cpSync(join(ROOT, 'examples/quickstart'), other, { recursive: true, filter: (path) => !path.includes('/dist') })
    renameSync(join(other, 'definition.yaml'), join(other, 'api.yaml'))
    const api = join(other, 'api.yaml')
    const broken = readFileSync(api, 'utf8').replace('x-svc-flow: flows/echo.xml', 'x-svc-flow: flows/echoo.xml')
    let from = published.length
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: uriOf(api), languageId: 'yaml', version: 1, text: broken },
    })
    const reported = await nextDiagnostics(uriOf(api), from, (p) => p.diagnostics.length > 0)
    expect(reported.diagnostics.map((d) => d.code)).toEqual(['project/missing-flow'])

    const hello = join(other, 'flows/hello.xml')
    from = published.length
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri: uriOf(hello),
        languageId: 'xml',
        version: 1,
        text: readFileSync(hello, 'utf8').replace('concat(', 'concatt('),
      },
    })
    const flow = await nextDiagnostics(uriOf(hello), from, (p) => p.diagnostics.length > 0)
    // checked with the definition: no note that it was checked on its own
    expect(flow.diagnostics.map((d) => [d.code, d.severity])).toEqual([['xpath/unknown-function', 1]])
  })

  it('says once, as information, that a flow without a definition is checked on its own', async () => {
    const other = mkdtempSync(join(tmpdir(), 'svc-lsp-lone-'))
    others.push(other)
    mkdirSync(join(other, 'flows'))
    const lone = join(other, 'flows/lone.xml')
    const from = published.length
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: {
        uri: uriOf(lone),
        languageId: 'xml',
        version: 1,
        text: '<flow>\n  <eval>concatt()</eval>\n</flow>\n',
      },
    })
    const { diagnostics } = await nextDiagnostics(uriOf(lone), from, (p) => p.diagnostics.length > 0)
    expect(diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['xpath/unknown-function', 1],
      [undefined, 3],
    ])
    expect(diagnostics[1]!.message).toMatch(/^no definition found in this folder or a parent .*checked on its own/)
  })

  it('shuts down and exits when asked', async () => {
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    await connection.sendRequest('shutdown')
    await connection.sendNotification('exit')
    expect(await exited).toBe(0)
  })
})
