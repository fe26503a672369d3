// Loads a prepared CLI bundle from build/, with a clear message when `npm ci` has not built it yet.
import { existsSync } from 'node:fs'

export async function loadCli(name) {
  const url = new URL(`../build/${name}.mjs`, import.meta.url)
  if (!existsSync(url)) {
    process.stderr.write(`${name}: the command is not built yet; run \`npm ci\` (or \`npm run prepare\`) in the svc-gateway checkout\n`)
    process.exit(1)
  }
  return import(url.href)
}
