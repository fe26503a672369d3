/**
 * The fleet of examples/fleet, started from this checkout: a local `redis-server`, two gateways built
 * from this folder (INSTANCE `a` and `b`, both on Redis), and nginx in front of them as the load
 * balancer, each on a free port of 127.0.0.1 with its files in a temporary folder. nginx passes the
 * client address in `X-Forwarded-For`, and the gateways trust it from 127.0.0.1 (SVC_TRUSTED_PROXIES).
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createConnection, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

/** Which of redis-server and nginx are missing from the PATH. */
export function missingCommands() {
  return ['redis-server', 'nginx'].filter((command) => spawnSync(command, ['-v']).error !== undefined)
}

/**
 * Starts the fleet from the compiled `outDir`; resolves with the load balancer's URL and `stop()`.
 * @param {string} outDir
 * @returns {Promise<{ url: string, redisUrl: string, stop: () => Promise<void> }>}
 */
export async function startFleet(outDir) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-fleet-'))
  const children = []
  const stop = async () => {
    for (const child of children.reverse()) await ended(child)
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    const redisPort = await freePort()
    children.push(
      spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--dir', dir, '--save', ''], {
        stdio: 'ignore',
      }),
    )
    await untilOpen(redisPort)
    const redisUrl = `redis://127.0.0.1:${redisPort}`
    const gateways = []
    for (const instance of ['a', 'b']) {
      const child = spawn(process.execPath, [join(outDir, 'server.mjs')], {
        env: {
          PATH: process.env.PATH ?? '',
          HOST: '127.0.0.1',
          PORT: '0',
          INSTANCE: instance,
          SVC_REDIS_URL: redisUrl,
          SVC_TRUSTED_PROXIES: '127.0.0.1',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      })
      children.push(child)
      gateways.push(await listeningPort(child))
    }
    const port = await freePort()
    const config = join(dir, 'nginx.conf')
    writeFileSync(config, nginxConfig(dir, port, gateways))
    children.push(spawn('nginx', ['-c', config, '-p', dir, '-g', 'daemon off;'], { stdio: 'ignore' }))
    await untilOpen(port)
    return { url: `http://127.0.0.1:${port}`, redisUrl, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

function nginxConfig(dir, port, gateways) {
  return `worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'nginx-error.log')};
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  upstream gateways {
${gateways.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://gateways;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`
}

/** The port a gateway reports in its `listening` line. */
function listeningPort(child) {
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`a gateway exited with ${code} before listening`)))
    createInterface({ input: child.stderr }).on('line', (line) => {
      try {
        const record = JSON.parse(line)
        if (record.type === 'svc_system' && record.message === 'listening') resolve(record.port)
      } catch {
        // not a log line
      }
    })
  })
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

async function untilOpen(port) {
  for (let i = 0; i < 100; i++) {
    const open = await new Promise((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port })
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`nothing listens on 127.0.0.1:${port}`)
}

function ended(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', resolve)
    child.kill('SIGTERM')
  })
}
