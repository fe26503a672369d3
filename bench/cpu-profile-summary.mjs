// Diagnosis helper (not a benchmark): prints the self time per function and per source file of a
// V8 CPU profile written by `node --cpu-prof`, heaviest first, so a profile can be read without a GUI.
//
//   node bench/cpu-profile-summary.mjs <file.cpuprofile> [--top 40] [--callers <function name>] [--inclusive]
//
// --callers lists the call paths (nine frames up) through which the named function spent its self time.
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '40' }, callers: { type: 'string' }, inclusive: { type: 'boolean' } } })
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'))
const top = Number(values.top)
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
    for (let at = parentOf.get(id); at !== undefined && names.length < 9; at = parentOf.get(at)) {
      const frame = byId.get(at).callFrame
      names.push(`${frame.functionName || '(anonymous)'}:${frame.lineNumber + 1}`)
    }
    const key = names.join(' < ')
    paths.set(key, (paths.get(key) ?? 0) + us)
  }
  console.log(`\ncallers of ${values.callers} (${((100 * spent) / total).toFixed(1)}% self)`)
  for (const [key, us] of [...paths].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`)
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
