// Prepares the extension folder without network access: copies the definition's JSON Schema that
// svc-gateway ships (schemas/ at the repository root) into ./schemas, where package.json names it, and
// bundles extension.js with vscode-languageclient into dist/extension.js (package.json's `main`), so
// that the packaged extension is one script instead of a node_modules tree.
import { cpSync, existsSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const source = new URL('../../schemas/definition.schema.json', import.meta.url)
if (!existsSync(source)) {
  process.stderr.write('build: ../../schemas/definition.schema.json not found; run `svc-compile --print-schema definition > schemas/definition.schema.json` instead\n')
  process.exit(1)
}
mkdirSync(new URL('./schemas/', import.meta.url), { recursive: true })
cpSync(source, new URL('./schemas/definition.schema.json', import.meta.url))
process.stdout.write('build: schemas/definition.schema.json copied\n')

await build({
  entryPoints: [fileURLToPath(new URL('./extension.js', import.meta.url))],
  outfile: fileURLToPath(new URL('./dist/extension.js', import.meta.url)),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  // VS Code 1.91 (engines.vscode) runs extensions on Node 20
  target: 'node20',
  external: ['vscode'],
  // the language client is most of it: minified, VS Code reads a third of the bytes at activation
  minify: true,
  logLevel: 'warning',
})
process.stdout.write('build: dist/extension.js bundled\n')
