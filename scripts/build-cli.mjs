// Builds the command-line tools into build/ (run by `npm ci` through the `prepare` script): the
// compiler is TypeScript, Node 20 cannot run it directly.
import { build } from 'esbuild'

await build({
  entryPoints: { 'svc-compile': 'compiler/cli/svc-compile.ts', 'svc-test': 'compiler/cli/svc-test.ts' },
  outdir: 'build',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
})
