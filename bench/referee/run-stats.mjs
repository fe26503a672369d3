// Preload (`node --import`) for the scaling benchmark (scale.sh): when the process exits, appends one
// JSON line to the file RUN_STATS_LOG names: RUN_STATS_LABEL, the peak resident set size (KiB), and
// where requests could have waited: the event loop's delay (perf_hooks.monitorEventLoopDelay, 1 ms
// resolution; ms) and the garbage collector's pauses (the `gc` performance entries; ms), both from
// RUN_STATS_START_S seconds after start (default 2), past the start-up. Without RUN_STATS_LOG the
// line goes to stderr.
import { appendFileSync } from 'node:fs'
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'

const delay = monitorEventLoopDelay({ resolution: 1 })
const gc = { count: 0, totalMs: 0, longestMs: 0 }
let recording = false
setTimeout(
  () => {
    recording = true
    delay.enable()
  },
  1000 * Number(process.env.RUN_STATS_START_S ?? 2),
).unref()

new PerformanceObserver((list) => {
  if (!recording) return
  for (const entry of list.getEntries()) {
    gc.count++
    gc.totalMs += entry.duration
    gc.longestMs = Math.max(gc.longestMs, entry.duration)
  }
}).observe({ entryTypes: ['gc'] })

process.on('exit', () => {
  const ms = (ns) => Math.round(ns / 1e4) / 100
  const line = JSON.stringify({
    label: process.env.RUN_STATS_LABEL ?? 'unlabelled',
    maxRssKiB: process.resourceUsage().maxRSS,
    loopDelayMs: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
    gc: { count: gc.count, totalMs: Math.round(gc.totalMs), longestMs: Math.round(gc.longestMs * 10) / 10 },
  })
  if (process.env.RUN_STATS_LOG) appendFileSync(process.env.RUN_STATS_LOG, line + '\n')
  else process.stderr.write(line + '\n')
})
