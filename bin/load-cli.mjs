// Loads a prepared CLI bundle from build/, with a clear message when `npm ci` has not built it yet.
import { existsSync } from 'node:fs'

export async function loadCli(name) {
  // A reader that stops early (`svc-compile --format json | head`) closes the pipe: later writes to
  // stdout are dropped instead of crashing the command, which still ends with its own exit status.
  process.stdout.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error
  })
  const url = new URL(`../build/${name}.mjs`, import.meta.url)
  if (!existsSync(url)) {
    process.stderr.write(
      `${name}: the command is not built yet; run \`npm ci\` (or \`npm run prepare\`) in the svc-gateway checkout\n`,
    )
    process.exit(1)
  }
  return import(url.href)
}
