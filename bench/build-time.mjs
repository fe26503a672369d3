// Benchmark (not a test; issue 13): wall time of the whole `svc-compile <definition> -o <dir>` command,
// median of N runs, on the quickstart, on a generated definition of about 100 paths (flows with
// expressions and templates, request validation against schemas, proxies; written to a temporary
// folder, so it runs offline) and on any definitions named as arguments, e.g. the Docker Engine API's
// api/swagger.yaml of github.com/moby/moby (not part of this repository). Goals: one small project
// within 1.2 s, a ~100-path definition within 2.0 s (a 2-core machine).
//
//   node bench/build-time.mjs [--runs 3] [--typecheck] [definition.yaml ...]
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '3' }, typecheck: { type: 'boolean', default: false } },
})
const root = new URL('..', import.meta.url).pathname
const work = mkdtempSync(join(tmpdir(), 'svc-build-time-'))

/** A definition of `paths` paths: a third flows, a third validated JSON bodies, a third proxies. */
function writeGeneratedProject(dir, paths) {
  mkdirSync(join(dir, 'flows'), { recursive: true })
  const lines = [
    'swagger: "2.0"',
    'info: { title: generated, version: "1.0" }',
    'basePath: /api',
    'x-svc-validate: { request: true }',
    'definitions:',
  ]
  for (let i = 0; i < paths; i += 3) {
    lines.push(`  Item${i}:`, '    type: object', '    required: [name, count]', '    properties:')
    lines.push(
      '      name: { type: string, maxLength: 40 }',
      '      count: { type: integer, minimum: 0 }',
      '      tags: { type: array, items: { type: string } }',
    )
  }
  lines.push('paths:')
  for (let i = 0; i < paths; i++) {
    if (i % 3 === 0) {
      lines.push(
        `  /items${i}/{id}:`,
        '    get:',
        `      x-svc-flow: flows/item${i}.xml`,
        '      parameters:',
        '        - { name: id, in: path, required: true, type: integer }',
      )
      writeFileSync(
        join(dir, 'flows', `item${i}.xml`),
        `<flow>
  <eval out="$id">number($request/params/id)</eval>
  <if test="$id > 1000">
    <echo status="404" mime="application/json">{"error":"no item ${i}"}</echo>
  </if>
  <template in="$request">
{ "id": {{ $id }}, "name": {{ concat("Item ", $id) }}, "price": {{ $id * 1.5 }}{{if get/currency}}, "currency": {{ get/currency }}{{end}} }
  </template>
</flow>
`,
      )
    } else if (i % 3 === 1) {
      lines.push(
        `  /orders${i}:`,
        '    post:',
        `      x-svc-flow: flows/item${i - 1}.xml`,
        '      consumes: [application/json]',
        '      parameters:',
      )
      lines.push(
        '        - name: order',
        '          in: body',
        '          required: true',
        `          schema: { $ref: "#/definitions/Item${i - 1}" }`,
      )
    } else {
      lines.push(
        `  /backend${i}/**:`,
        '    x-svc-proxy:',
        '      origin: { env: BACKEND_ORIGIN }',
        '      stripEndpoint: true',
        `      addPrefix: /v${i}`,
        '    get:',
        '      summary: proxied',
      )
    }
  }
  const definition = join(dir, 'definition.yaml')
  writeFileSync(definition, `${lines.join('\n')}\n`)
  return definition
}

function median(list) {
  const sorted = [...list].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/** Median wall time of `svc-compile <definition> -o <out>` in seconds, and its summary line. */
function timeBuild(definition) {
  const out = join(work, 'out')
  const args = [
    join(root, 'bin/svc-compile.mjs'),
    definition,
    '-o',
    out,
    '--quiet',
    ...(values.typecheck ? ['--typecheck'] : []),
  ]
  const seconds = []
  let summary = ''
  for (let run = 0; run < Number(values.runs); run++) {
    const started = performance.now()
    const result = spawnSync(process.execPath, args, { encoding: 'utf8' })
    seconds.push((performance.now() - started) / 1000)
    if (result.status !== 0)
      return {
        seconds: null,
        summary: `exit ${result.status}: ${result.stderr.trim().split('\n').slice(-3).join(' | ')}`,
      }
    summary = result.stdout.trim()
  }
  return { seconds: median(seconds), summary, all: seconds }
}

const cases = [
  ['quickstart', join(root, 'examples/quickstart/definition.yaml')],
  ['generated, 100 paths', writeGeneratedProject(join(work, 'generated'), 100)],
  ...positionals.map((path) => [path, resolve(path)]),
]
try {
  process.stdout.write(`svc-compile -o, median of ${values.runs} runs${values.typecheck ? ', --typecheck' : ''}\n`)
  for (const [name, definition] of cases) {
    const { seconds, summary, all } = timeBuild(definition)
    const figure =
      seconds === null ? 'failed' : `${seconds.toFixed(2)} s (runs: ${all.map((s) => s.toFixed(2)).join(' ')})`
    process.stdout.write(`${name.padEnd(24)} ${figure}  ${summary}\n`)
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}
