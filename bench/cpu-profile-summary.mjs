// Diagnosis helper (not a benchmark): prints the self time per function and per source file of a
// V8 CPU profile written by `node --cpu-prof`, heaviest first, so a profile can be read without a GUI.
//
//   node bench/cpu-profile-summary.mjs <file.cpuprofile> [--top 40] [--callers <function name> [--depth 9]] [--inclusive]
//                                      [--modules <bundle.mjs>] [--lines <bundle.mjs>]
//
// --callers lists the call paths (--depth frames up, 9 by default) through which the named function spent
// its self time.
// --modules splits the bundle's self time by the source module it was bundled from (esbuild marks each
// module with a `// path` comment line), so the runtime's areas can be compared; --lines lists the
// bundle's hottest source lines (V8's position ticks), which is where a thin profile shows its costs.
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '40' },
    callers: { type: 'string' },
    depth: { type: 'string', default: '9' },
    inclusive: { type: 'boolean' },
    modules: { type: 'string' },
    lines: { type: 'string' },
  },
})
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'))
const top = Number(values.top)
const depth = Number(values.depth)
const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const selfUs = new Map()
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i]
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0))
}
const total = [...selfUs.values()].reduce((a, b) => a + b, 0)
const byFunction = new Map()
const byFile = new Map()
for (const [id, us] of selfUs) {
  const frame = byId.get(id).callFrame
  const file = frame.url.replace(/^.*\/(node_modules\/[^/]+|out|dist)\//, '$1/') || '(native)'
  const name = `${frame.functionName || '(anonymous)'}  ${file}:${frame.lineNumber + 1}`
  byFunction.set(name, (byFunction.get(name) ?? 0) + us)
  byFile.set(file, (byFile.get(file) ?? 0) + us)
}
const print = (title, map) => {
  console.log(`\n${title} (total ${(total / 1000).toFixed(0)} ms)`)
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`)
  }
}
print('self time by function', byFunction)
print('self time by file', byFile)

if (values.callers !== undefined) {
  const parentOf = new Map()
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id)
  const paths = new Map()
  let spent = 0
  for (const [id, us] of selfUs) {
    if (byId.get(id).callFrame.functionName !== values.callers) continue
    spent += us
    const names = []
    for (let at = parentOf.get(id); at !== undefined && names.length < depth; at = parentOf.get(at)) {
      const frame = byId.get(at).callFrame
      names.push(`${frame.functionName || '(anonymous)'}:${frame.lineNumber + 1}`)
    }
    const key = names.join(' < ')
    paths.set(key, (paths.get(key) ?? 0) + us)
  }
  console.log(`\ncallers of ${values.callers} (${((100 * spent) / total).toFixed(1)}% self)`)
  for (const [key, us] of [...paths].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`)
}
if (values.inclusive) {
  // total time per function with everything it called (a sample counts once per function on its stack)
  const parentOf = new Map()
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id)
  const inclusive = new Map()
  for (const [id, us] of selfUs) {
    const seen = new Set()
    for (let at = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at).callFrame
      const name = `${frame.functionName || '(anonymous)'}:${frame.lineNumber + 1}`
      if (seen.has(name)) continue
      seen.add(name)
      inclusive.set(name, (inclusive.get(name) ?? 0) + us)
    }
  }
  print('inclusive time by function', inclusive)
}

if (values.modules !== undefined) {
  // the module of each bundle line: the latest `// <path>` marker above it
  const source = readFileSync(values.modules, 'utf8').split('\n')
  const moduleAt = new Array(source.length + 1)
  let current = '(bundle prelude)'
  for (let i = 0; i < source.length; i++) {
    const marker = /^\/\/ ((?:[\w.@-]+\/)+[\w.@-]+\.[cm]?[jt]s)$/.exec(source[i])
    if (marker !== null) current = marker[1].replace(/^node_modules\/((?:@[^/]+\/)?[^/]+)\/.*/, '$1')
    moduleAt[i + 1] = current
  }
  const byModule = new Map()
  for (const [id, us] of selfUs) {
    const frame = byId.get(id).callFrame
    const name = frame.url.endsWith(values.modules.replace(/^.*\//, '/'))
      ? moduleAt[frame.lineNumber + 1]
      : frame.url === ''
        ? frame.functionName || '(native)'
        : frame.url.replace(/^.*\//, '')
    byModule.set(name, (byModule.get(name) ?? 0) + us)
  }
  print('self time by bundled module', byModule)
}

if (values.lines !== undefined) {
  const source = readFileSync(values.lines, 'utf8').split('\n')
  const file = values.lines.replace(/^.*\//, '/')
  const ticks = new Map()
  let all = 0
  for (const node of profile.nodes) {
    all += node.hitCount ?? 0
    if (!node.callFrame.url.endsWith(file)) continue
    for (const { line, ticks: count } of node.positionTicks ?? []) ticks.set(line, (ticks.get(line) ?? 0) + count)
  }
  console.log(`\nhottest lines of ${values.lines} (share of all ${all} samples)`)
  for (const [line, count] of [...ticks].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(
      `${((100 * count) / all).toFixed(2).padStart(5)}%  ${String(line).padStart(6)}  ${source[line - 1].trim().slice(0, 110)}`,
    )
  }
}
