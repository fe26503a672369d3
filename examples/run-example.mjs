/**
 * Shared by the examples' `start.mjs`: compiles an example into its `dist/` folder (skip with
 * `--no-compile`), starts its local upstreams on 127.0.0.1 and runs `dist/server.mjs` with the
 * environment pointing at them. An upstream whose variable is already set (say `CATALOG_URL` naming a
 * real service) is not started. Ctrl-C stops the gateway, then the upstreams.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const REPOSITORY = fileURLToPath(new URL('..', import.meta.url))

/**
 * @param {{
 *   dir: string,
 *   upstreams?: { name: string, env: string, port: number, create: () => import('node:http').Server }[],
 *   env?: Record<string, string>,
 * }} example `env` holds example-only defaults; the real environment wins over them.
 */
export async function runExample({ dir, upstreams = [], env = {} }) {
  const outDir = join(dir, 'dist')
  if (!process.argv.includes('--no-compile')) {
    const status = await waitForExit(
      spawn(process.execPath, [join(REPOSITORY, 'bin/svc-compile.mjs'), join(dir, 'definition.yaml'), '-o', outDir], {
        stdio: 'inherit',
      }),
    )
    if (status !== 0) process.exit(status)
  }
  const servers = []
  const upstreamEnv = {}
  for (const upstream of upstreams) {
    if (process.env[upstream.env]) {
      note(`${upstream.name}: not started, ${upstream.env} is set`)
      continue
    }
    const server = upstream.create()
    try {
      await listen(server, upstream.port)
    } catch (error) {
      note(
        `${upstream.name}: cannot listen on 127.0.0.1:${upstream.port} (${error.code ?? error.message}); set ${upstream.env} to another origin`,
      )
      process.exit(1)
    }
    servers.push(server)
    upstreamEnv[upstream.env] = `http://127.0.0.1:${upstream.port}`
    note(`${upstream.name} upstream: http://127.0.0.1:${upstream.port}`)
  }
  const gateway = spawn(process.execPath, [join(outDir, 'server.mjs')], {
    env: { ...env, ...process.env, ...upstreamEnv },
    stdio: 'inherit',
  })
  // The terminal sends Ctrl-C to the whole process group; the gateway shuts down by itself.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => gateway.kill(signal))
  const status = await waitForExit(gateway)
  for (const server of servers) {
    server.closeAllConnections()
    server.close()
  }
  process.exitCode = status
}

function note(text) {
  process.stderr.write(`example: ${text}\n`)
}

function listen(server, port) {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
}

function waitForExit(child) {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))))
}
