// Prepares the extension folder without network access: copies the definition's JSON Schema that
// svc-gateway ships (schemas/ at the repository root) into ./schemas, where package.json names it.
import { cpSync, existsSync, mkdirSync } from 'node:fs'

const source = new URL('../../schemas/definition.schema.json', import.meta.url)
if (!existsSync(source)) {
  process.stderr.write('build: ../../schemas/definition.schema.json not found; run `svc-compile --print-schema definition > schemas/definition.schema.json` instead\n')
  process.exit(1)
}
mkdirSync(new URL('./schemas/', import.meta.url), { recursive: true })
cpSync(source, new URL('./schemas/definition.schema.json', import.meta.url))
process.stdout.write('build: schemas/definition.schema.json copied\n')
