/**
 * A real `redis-server` for tests, on a free port of 127.0.0.1 with its own temporary folder and no
 * persistence; `restart()` starts it again on the same port (outage tests). `REDIS_SERVER` is null when
 * `redis-server` is not on the PATH, and the tests that need it are skipped.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createConnection, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const REDIS_SERVER: string | null =
  spawnSync('redis-server', ['--version'], { encoding: 'utf8' }).status === 0 ? 'redis-server' : null

export interface RunningRedis {
  readonly port: number
  readonly url: string
  /** Runs one command through a new connection and returns the raw RESP reply. */
  command(...args: string[]): Promise<string>
  /** Kills the server at once (SIGKILL), as a crash would. */
  kill(): Promise<void>
  /** Starts it again on the same port. */
  restart(): Promise<void>
  stop(): Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export async function startRedis(): Promise<RunningRedis> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'svc-redis-'))
  let child: ChildProcess | null = null
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    )
    for (let i = 0; i < 100; i++) {
      if ((await command(port, 'PING').catch(() => '')).startsWith('+PONG')) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error(`redis-server did not answer on port ${port}`)
  }
  const kill = async () => {
    const running = child
    child = null
    if (running === null || running.exitCode !== null) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGKILL')
    await exited
  }
  await start()
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    command: (...args) => command(port, ...args),
    kill,
    restart: start,
    async stop() {
      await kill()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** One RESP command; resolves with what the server sent until it paused for 50 ms. */
function command(port: number, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host: '127.0.0.1', port })
    let reply = ''
    let quiet: NodeJS.Timeout | undefined
    socket.setEncoding('utf8')
    socket.once('error', reject)
    socket.on('data', (chunk: string) => {
      reply += chunk
      clearTimeout(quiet)
      quiet = setTimeout(() => {
        socket.destroy()
        resolve(reply)
      }, 50)
    })
    socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`)
  })
}

export const REDIS_CLI: string | null =
  spawnSync('redis-cli', ['--version'], { encoding: 'utf8' }).status === 0 ? 'redis-cli' : null

export interface RunningRedisCluster {
  readonly ports: readonly number[]
  /** `SVC_REDIS_CLUSTER_NODES` for it. */
  readonly nodes: string
  /** Runs one command on the node of `port`. */
  command(port: number, ...args: string[]): Promise<string>
  stop(): Promise<void>
}

/** A port whose cluster bus port (port + 10000) is free as well. */
async function clusterPort(taken: readonly number[]): Promise<number> {
  for (;;) {
    const port = await freePort()
    if (port > 55535 || taken.includes(port)) continue
    if (await isFree(port + 10000)) return port
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/** Three masters of a real Redis Cluster (`--cluster-enabled yes`, `redis-cli --cluster create`). */
export async function startRedisCluster(): Promise<RunningRedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-redis-cluster-'))
  const ports: number[] = []
  for (let i = 0; i < 3; i++) ports.push(await clusterPort(ports))
  const children = ports.map((port) =>
    spawn(
      'redis-server',
      [
        ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
        ...[
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          `nodes-${port}.conf`,
          '--cluster-node-timeout',
          '2000',
        ],
      ],
      { stdio: 'ignore' },
    ),
  )
  const stop = async () => {
    await Promise.all(
      children.map((child) =>
        child.exitCode !== null
          ? undefined
          : new Promise((resolve) => {
              child.once('exit', resolve)
              child.kill('SIGKILL')
            }),
      ),
    )
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    for (const port of ports) {
      for (let i = 0; i < 100 && !(await command(port, 'PING').catch(() => '')).startsWith('+PONG'); i++) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
    const create = spawnSync(
      'redis-cli',
      ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes'],
      { encoding: 'utf8', timeout: 30_000 },
    )
    if (create.status !== 0) throw new Error(`redis-cli --cluster create failed:\n${create.stdout}${create.stderr}`)
    for (let i = 0; i < 200; i++) {
      const states = await Promise.all(ports.map((port) => command(port, 'CLUSTER', 'INFO').catch(() => '')))
      if (states.every((info) => info.includes('cluster_state:ok'))) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  } catch (error) {
    await stop()
    throw error
  }
  return {
    ports,
    nodes: ports.map((port) => `127.0.0.1:${port}`).join(','),
    command: (port, ...args) => command(port, ...args),
    stop,
  }
}

/** Waits until `count` clients (besides the caller's own connection) are connected to `redis`. */
export async function untilConnected(redis: RunningRedis, count: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const list = await redis.command('CLIENT', 'LIST').catch(() => '')
    if ((list.match(/ addr=/g) ?? []).length >= count + 1) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`fewer than ${count} clients connected to Redis`)
}
