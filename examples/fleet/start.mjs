/**
 * `node examples/fleet/start.mjs`: compiles this example, starts redis-server, two gateways and nginx
 * (fleet.mjs), sends 15 requests through nginx and shows that both gateways answered and that the
 * limit of 10 held for the fleet, then stops everything. `--serve` keeps the fleet running instead,
 * until Ctrl-C. Needs `redis-server` and `nginx` on the PATH.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { missingCommands, startFleet } from './fleet.mjs'

const dir = import.meta.dirname
const missing = missingCommands()
if (missing.length > 0) {
  console.error(`examples/fleet needs ${missing.join(' and ')} on the PATH`)
  process.exit(1)
}
const compiler = fileURLToPath(new URL('../../bin/svc-compile.mjs', import.meta.url))
const compiled = spawnSync(process.execPath, [compiler, join(dir, 'definition.yaml'), '-o', join(dir, 'dist')], {
  stdio: 'inherit',
})
if (compiled.status !== 0) process.exit(compiled.status ?? 1)

const fleet = await startFleet(join(dir, 'dist'))
console.log(`fleet: nginx on ${fleet.url}, Redis on ${fleet.redisUrl}`)
if (process.argv.includes('--serve')) {
  console.log(`try: curl -i ${fleet.url}/api/hello   (Ctrl-C stops the fleet)`)
  process.once('SIGINT', () => void fleet.stop().then(() => process.exit(0)))
} else {
  const counts = new Map()
  for (let i = 1; i <= 15; i++) {
    const response = await fetch(`${fleet.url}/api/hello`)
    const text =
      response.status === 200
        ? await response.text()
        : `${response.status} (${response.headers.get('retry-after')} s to wait)`
    counts.set(text, (counts.get(text) ?? 0) + 1)
    console.log(`${String(i).padStart(2)}: ${text}   RateLimit: ${response.headers.get('ratelimit')}`)
  }
  await fleet.stop()
  console.log([...counts].map(([answer, count]) => `${count} x ${answer}`).join('\n'))
}
