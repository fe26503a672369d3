// Runs every load benchmark in bench/ one after the other (`npm run bench`). Not part of `npm test`.
import { execFileSync } from 'node:child_process'

for (const script of ['quickstart.mjs', 'security-jwt.mjs', 'template-mapping.mjs']) {
  process.stdout.write(`\n== bench/${script}\n`)
  execFileSync(process.execPath, [new URL(script, import.meta.url).pathname], { stdio: 'inherit' })
}
