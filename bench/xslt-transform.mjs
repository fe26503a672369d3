// Benchmark (not a test; issue 6): the cost of an `xslt` action transforming a 10 KB document, run
// in-process with the real runtime and the real build output: the project is compiled by
// svc-compile (stylesheet to SEF with xslt3, SaxonJS bundled as saxon.cjs), then `applyXslt` runs on a
// request context exactly as generated code calls it. Variants:
//   - xml:  10 KB of XML content (an upstream body) -> JSON text (method text, media type JSON)
//   - json: 10 KB of JSON content -> OXN XML text -> the same kind of stylesheet -> XML
//   - engine only: SaxonJS.transform on the same XML text and SEF, without the gateway around it
// Also reported: loading the engine and the first transformation (once per gateway).
// Re-runs itself pinned to one core with taskset when available.
//
//   node bench/xslt-transform.mjs [--seconds 4]   (per variant, in 10 interleaved rounds; the best round counts)
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { build } from 'esbuild'

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '4' }, pinned: { type: 'boolean', default: false } },
})
if (!values.pinned && spawnSync('sh', ['-c', 'command -v taskset']).status === 0) {
  const child = spawnSync('taskset', ['-c', '1', process.execPath, ...process.argv.slice(1), '--pinned'], {
    stdio: 'inherit',
  })
  process.exit(child.status ?? 1)
}

const root = new URL('..', import.meta.url).pathname
const BANNER =
  "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);"

/** 52 stock items as XML, about 10 KB. */
function stockXml() {
  let xml = '<?xml version="1.0" encoding="UTF-8"?>\n<stock updated="2024-05-01T10:00:00Z">\n'
  for (let i = 0; i < 52; i++) {
    xml += `  <item sku="SKU-${1000 + i}" qty="${(i * 7) % 23}" warehouse="W${i % 4}">\n`
    xml += `    <name>Product number ${i} with a longer name</name>\n    <price currency="${i % 5 === 0 ? 'EUR' : 'USD'}">${(10 + i / 4).toFixed(2)}</price>\n`
    xml += `    <tags><tag>a</tag><tag>b</tag></tags>\n  </item>\n`
  }
  return xml + '</stock>\n'
}

/** The same 52 items as JSON, about 10 KB. */
function stockJson() {
  const items = []
  for (let i = 0; i < 52; i++) {
    items.push({
      sku: `SKU-${1000 + i}`,
      qty: (i * 7) % 23,
      warehouse: `W${i % 4}`,
      name: `Product number ${i} with a longer name`,
      price: { currency: i % 5 === 0 ? 'EUR' : 'USD', amount: 10 + i / 4 },
      tags: ['a', 'b'],
      updated: '2024-05-01T10:00:00Z',
    })
  }
  return JSON.stringify({ stock: { items } })
}

const XML_TO_JSON = `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="text" media-type="application/json"/>
  <xsl:template match="/stock">{"updated": "<xsl:value-of select="@updated"/>", "available": [<xsl:for-each select="item[@qty &gt; 0]"><xsl:if test="position() &gt; 1">, </xsl:if>{"sku": "<xsl:value-of select="@sku"/>", "name": "<xsl:value-of select="name"/>", "price": <xsl:value-of select="price"/>, "qty": <xsl:value-of select="@qty"/>}</xsl:for-each>]}</xsl:template>
</xsl:stylesheet>`

const JSON_TO_XML = `<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:template match="/json"><stock><xsl:for-each select="stock/items/value[qty &gt; 0]"><item sku="{sku}" qty="{qty}"><xsl:value-of select="name"/></item></xsl:for-each></stock></xsl:template>
</xsl:stylesheet>`

/** Compiles a project with svc-compile (bin/, prepared by `npm ci`); returns the output folder, the runtime and the stylesheets. */
async function buildProject(dir) {
  const site = join(dir, 'site')
  mkdirSync(join(site, 'flows'), { recursive: true })
  writeFileSync(
    join(site, 'definition.yaml'),
    'swagger: "2.0"\nbasePath: /api\npaths:\n  /x:\n    get:\n      x-svc-flow: flows/x.xml\n  /y:\n    get:\n      x-svc-flow: flows/y.xml\n',
  )
  writeFileSync(join(site, 'flows/xml-to-json.xsl'), XML_TO_JSON)
  writeFileSync(join(site, 'flows/json-to-xml.xsl'), JSON_TO_XML)
  writeFileSync(join(site, 'flows/x.xml'), '<flow><xslt src="xml-to-json.xsl"/></flow>')
  writeFileSync(join(site, 'flows/y.xml'), '<flow><xslt src="json-to-xml.xsl"/></flow>')
  const out = join(dir, 'out')
  execFileSync(
    process.execPath,
    [join(root, 'bin/svc-compile.mjs'), join(site, 'definition.yaml'), '-o', out, '--quiet'],
    { stdio: 'inherit' },
  )
  const stylesheet = (path) => {
    const module = readFileSync(join(out, 'src', path), 'utf8')
    const match = /src: "([^"]+)", sef: "([^"]+)", method: ([^,]+), mediaType: ([^,]+),/.exec(module)
    return {
      src: match[1],
      sef: match[2],
      method: JSON.parse(match[3]),
      mediaType: JSON.parse(match[4]),
      documents: [],
    }
  }
  const runtime = join(dir, 'runtime.mjs')
  await build({
    stdin: {
      contents: "export { Content, EMPTY, FlowContext, XsltEngine, applyXslt, createLogger } from './runtime/index.js'",
      resolveDir: root,
      loader: 'ts',
    },
    outfile: runtime,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    banner: { js: BANNER },
    nodePaths: [join(root, 'node_modules')],
    logLevel: 'warning',
  })
  return {
    out,
    runtime: await import(runtime),
    xmlSheet: stylesheet('flows/x.ts'),
    jsonSheet: stylesheet('flows/y.ts'),
  }
}

function round(fn, seconds) {
  let count = 0
  const start = process.hrtime.bigint()
  const limit = BigInt(Math.round(seconds * 1e9))
  let elapsed = 0n
  while (elapsed < limit) {
    for (let i = 0; i < 5; i++) fn()
    count += 5
    elapsed = process.hrtime.bigint() - start
  }
  return count / (Number(elapsed) / 1e9)
}

function measure(fns, seconds, rounds = 10) {
  for (const fn of fns) for (let i = 0; i < 200; i++) fn() // JIT warm-up
  const best = fns.map(() => 0)
  for (let r = 0; r < rounds; r++) fns.forEach((fn, i) => (best[i] = Math.max(best[i], round(fn, seconds / rounds))))
  return best
}

const dir = mkdtempSync(join(tmpdir(), 'svc-bench-xslt-'))
try {
  const { out, runtime, xmlSheet, jsonSheet } = await buildProject(dir)
  const { Content, EMPTY, FlowContext, XsltEngine, applyXslt, createLogger } = runtime
  const engine = new XsltEngine({ engine: join(out, 'saxon.cjs'), dir: out })
  const services = {
    siteRoot: join(out, 'site'),
    logger: createLogger(() => {}),
    env: EMPTY,
    server: EMPTY,
    xslt: engine,
  }
  const xml = stockXml()
  const json = stockJson()
  const xmlBytes = Buffer.from(xml)
  const jsonBytes = Buffer.from(json)
  const main = { kind: 'main-content' }
  const ctx = new FlowContext(services, 'bench', new AbortController().signal)
  // a fresh content value per call, as an upstream body would be
  const run = (sheet, bytes, mediaType) => {
    ctx.contents.main = [new Content(bytes, mediaType)]
    applyXslt(ctx, 'flows/x.xml:1:7', sheet, main, main)
    return ctx.contents.main[0]
  }
  const loadStart = performance.now()
  void engine.saxon
  const loaded = performance.now() - loadStart
  const firstStart = performance.now()
  const first = run(xmlSheet, xmlBytes, 'application/xml')
  const firstTransform = performance.now() - firstStart
  JSON.parse(first.text) // the result is the JSON the stylesheet promises
  if (!run(jsonSheet, jsonBytes, 'application/json').text.includes('<item sku="SKU-1001"'))
    throw new Error('unexpected JSON-to-XML output')

  const saxon = createRequire(import.meta.url)(join(out, 'saxon.cjs'))
  const sef = engine.stylesheet(xmlSheet)
  const engineOnly = () =>
    saxon.transform({ stylesheetInternal: sef, sourceText: xml, destination: 'serialized' }, 'sync').principalResult

  const seconds = Number(values.seconds)
  const [xmlOps, jsonOps, engineOps] = measure(
    [() => run(xmlSheet, xmlBytes, 'application/xml'), () => run(jsonSheet, jsonBytes, 'application/json'), engineOnly],
    seconds,
  )
  const us = (ops) => (1e6 / ops).toFixed(0)
  console.log(
    `xslt transform of a 10 KB document (XML ${xml.length} B, JSON ${json.length} B), node ${process.version}`,
  )
  console.log(
    `  engine load (saxon.cjs, once per gateway): ${loaded.toFixed(0)} ms; first transformation: ${firstTransform.toFixed(1)} ms`,
  )
  console.log(`  xml  -> json text (applyXslt): ${us(xmlOps)} µs/call (${xmlOps.toFixed(0)} calls/s)`)
  console.log(`  json -> xml (applyXslt, OXN XML input): ${us(jsonOps)} µs/call (${jsonOps.toFixed(0)} calls/s)`)
  console.log(
    `  engine only (SaxonJS.transform, same XML and SEF): ${us(engineOps)} µs/call (${engineOps.toFixed(0)} calls/s)`,
  )
} finally {
  rmSync(dir, { recursive: true, force: true })
}
