/**
 * The Neovim setups of docs/editor.md as written there (issue 24): each `lua` block is cut from the
 * page and run by `nvim --headless` on a flow with an error, in a copy of examples/quickstart that
 * has svc-gateway "installed" (`node_modules/.bin/svc-lsp` linked to this checkout's command, as
 * `npm install` links it), so that the snippet's `npx --no-install svc-lsp` starts the built server.
 * A few lines of Lua after the snippet wait for the diagnostics and write `vim.diagnostic.get()` to a
 * file as JSON. Skipped when `nvim` is not on the PATH, and a setup when the Neovim is older than it needs.
 */
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

const ROOT = new URL('../../', import.meta.url).pathname
const DOC = readFileSync(join(ROOT, 'docs/editor.md'), 'utf8')

/** `nvim --version`'s version as [major, minor], or undefined without nvim. */
function nvimVersion(): readonly [number, number] | undefined {
  const result = spawnSync('nvim', ['--version'], { encoding: 'utf8' })
  const match = result.status === 0 ? /^NVIM v(\d+)\.(\d+)/.exec(result.stdout) : null
  return match ? [Number(match[1]), Number(match[2])] : undefined
}
const VERSION = nvimVersion()
const atLeast = (major: number, minor: number) =>
  VERSION !== undefined && (VERSION[0] > major || (VERSION[0] === major && VERSION[1] >= minor))

/** The first `lua` block after `heading` on the page. */
function snippetAfter(heading: string): string {
  const at = DOC.indexOf(heading)
  const block = at === -1 ? null : /```lua\n([\s\S]*?)```/.exec(DOC.slice(at))
  if (!block) throw new Error(`docs/editor.md: no lua block after "${heading}"`)
  return block[1]!
}

/** Waits for the current buffer's diagnostics (30 s at most), writes them to $SVC_NVIM_OUT as JSON and quits. */
const HARNESS = `
local deadline = vim.loop.now() + 30000
local timer = vim.loop.new_timer()
timer:start(100, 100, vim.schedule_wrap(function()
  local diagnostics = vim.diagnostic.get(0)
  if #diagnostics == 0 and vim.loop.now() < deadline then return end
  timer:stop()
  vim.fn.writefile({ vim.fn.json_encode(diagnostics) }, os.getenv('SVC_NVIM_OUT'))
  vim.cmd('qall!')
end))
`

interface NvimDiagnostic {
  readonly lnum: number
  readonly col: number
  readonly severity: number
  readonly message: string
  readonly code?: string
  readonly user_data?: { readonly lsp?: { readonly code?: string } }
}

const SETUPS: [string, { heading: string; needs: readonly [number, number] }][] = [
  ['vim.lsp.start and vim.fs.root', { heading: 'Neovim 0.10 or newer', needs: [0, 10] }],
  ['vim.lsp.start_client and buf_attach_client', { heading: 'Neovim 0.7 to 0.9', needs: [0, 7] }],
]

let site: string | undefined
afterEach(() => {
  if (site) rmSync(site, { recursive: true, force: true })
  site = undefined
})

describe.skipIf(VERSION === undefined)(
  `docs/editor.md in Neovim${VERSION === undefined ? ' (skipped: nvim is not on the PATH)' : ''}`,
  { timeout: 60_000 },
  () => {
    for (const [name, { heading, needs }] of SETUPS) {
      it.skipIf(!atLeast(...needs))(`${heading}: ${name} (skipped below Neovim ${needs.join('.')})`, async () => {
        site = mkdtempSync(join(tmpdir(), 'svc-nvim-'))
        cpSync(join(ROOT, 'examples/quickstart'), site, { recursive: true, filter: (path) => !path.includes('/dist') })
        mkdirSync(join(site, 'node_modules/.bin'), { recursive: true })
        symlinkSync(join(ROOT, 'bin/svc-lsp.mjs'), join(site, 'node_modules/.bin/svc-lsp'))
        const hello = join(site, 'flows/hello.xml')
        const text = readFileSync(hello, 'utf8')
        writeFileSync(hello, text.replace('concat(', 'concatt('))
        const init = join(site, 'init.lua')
        writeFileSync(init, `${snippetAfter(heading)}\n${HARNESS}`)
        const out = join(site, 'diagnostics.json')
        const home = join(site, 'home')
        // npx and the server run on the Node of this test, npx asks no registry, and the LSP log and the
        // editor's state stay in the temporary folder
        const env = {
          ...process.env,
          PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
          npm_config_update_notifier: 'false',
          SVC_NVIM_OUT: out,
          HOME: home,
          XDG_CONFIG_HOME: join(home, 'config'),
          XDG_DATA_HOME: join(home, 'data'),
          XDG_STATE_HOME: join(home, 'state'),
          XDG_CACHE_HOME: join(home, 'cache'),
        }
        const code = await new Promise<number | null>((resolve, reject) => {
          const child = spawn('nvim', ['--headless', '-n', '-i', 'NONE', '-u', init, hello], {
            cwd: site,
            env,
            stdio: 'ignore',
          })
          const timer = setTimeout(() => child.kill(), 50_000)
          child.on('error', reject)
          child.on('exit', (status) => {
            clearTimeout(timer)
            resolve(status)
          })
        })
        expect(code).toBe(0)
        const diagnostics = JSON.parse(readFileSync(out, 'utf8')) as NvimDiagnostic[]
        const line = text.split('\n').findIndex((l) => l.includes('concat('))
        expect(
          diagnostics.map((d) => ({
            lnum: d.lnum,
            col: d.col,
            severity: d.severity,
            code: d.code ?? d.user_data?.lsp?.code,
          })),
        ).toEqual([
          { lnum: line, col: text.split('\n')[line]!.indexOf('concat('), severity: 1, code: 'xpath/unknown-function' },
        ])
        expect(diagnostics[0]!.message).toContain('concatt')
      })
    }
  },
)
