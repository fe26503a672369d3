// Preload (`node --import`) for the scaling benchmark (scale.sh): when the process exits, appends
// "<PEAK_RSS_LABEL> <peak resident set size in KiB>" to the file PEAK_RSS_LOG names, so the peak
// memory of each referee run can be read after the harness has stopped the server.
import { appendFileSync } from 'node:fs'

const log = process.env.PEAK_RSS_LOG
const label = process.env.PEAK_RSS_LABEL ?? 'unlabelled'
if (log) process.on('exit', () => appendFileSync(log, `${label} ${process.resourceUsage().maxRSS}\n`))
