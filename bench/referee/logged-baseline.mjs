// Diagnosis helper, not a goal: a preload that makes one of the referee's hand-written baselines
// (../shared/bench/sut/*.mjs, unchanged) write the two JSON lines the gateway writes for each proxied
// request by default: an access line with the members of LG3 and an upstream line with those of
// UP-LOG-1. It serializes them the way careful hand-written code would (JSON.stringify, the lines of
// one event-loop turn in one write to stderr), so that the referee can measure what the same logging
// costs a hand-written server, in the same run as the gateway:
//
//   "custom@proxy-logged:cd ../shared/bench && exec node --import $G/bench/referee/logged-baseline.mjs sut/proxy.mjs"
//
// The upstream line's values are taken from the client response (the baselines expose no hook into
// their upstream call); its shape and size are those of the gateway's. LOGGED_FLOW is the access
// line's `flow` (default `x-svc-proxy`; the transform route's is `flows/users.xml`). LOGGED_STEPS
// stops early, to see what each step costs: `observe` gathers each request's fields and builds no
// line, `build` builds the lines and never writes them; unset: everything.
import { randomUUID } from 'node:crypto'
import http from 'node:http'

const FLOW = process.env.LOGGED_FLOW || 'x-svc-proxy'
const STEPS = process.env.LOGGED_STEPS ?? 'all'

let batch = []

function flush() {
  const lines = batch
  batch = []
  if (STEPS === 'build') return
  process.stderr.write(lines.join(''))
}

function append(line) {
  if (STEPS === 'observe') return
  if (batch.length === 0) setImmediate(flush)
  batch.push(JSON.stringify(line) + '\n')
}

function timestamp(ms) {
  return new Date(ms).toISOString().replace('Z', '+00:00')
}

function logged(listener) {
  return (req, res) => {
    const arrived = Date.now()
    const started = performance.now()
    const requestID = randomUUID()
    const host = req.headers.host ?? ''
    // the baselines pass their fields to writeHead, where getHeader does not see them
    let fields = {}
    const writeHead = res.writeHead
    res.writeHead = function (status, ...rest) {
      const last = rest[rest.length - 1]
      if (typeof last === 'object' && last !== null) fields = last
      return writeHead.call(this, status, ...rest)
    }
    res.once('finish', () => {
      const seconds = Math.round((performance.now() - started) * 1000) / 1e6
      const mime = String(fields['content-type'] ?? '')
      const bytes = Number(fields['content-length'] ?? 0)
      append({
        timestamp: timestamp(arrived),
        type: 'svc_request',
        requestID,
        url: `http://${host}${req.url}`,
        method: req.method,
        status: res.statusCode,
        mime,
        bytes,
        duration: seconds,
        id: 'main.0',
        cacheHit: false,
        refresh: false,
        timing: { DNS: 0, TCP: 0, TTFB: Math.round(seconds * 1e6) / 1e3 },
      })
      append({
        timestamp: timestamp(arrived),
        type: 'svc_access',
        requestID,
        url: `http://${host}${req.url}`,
        path: req.url,
        status: res.statusCode,
        method: req.method,
        agent: req.headers['user-agent'] ?? '',
        referrer: req.headers.referer ?? '',
        mime,
        realtime: seconds,
        bytes,
        requestbytes: 0,
        flow: FLOW,
        requestmime: req.headers['content-type'] ?? '',
        location: '',
      })
    })
    listener(req, res)
  }
}

const createServer = http.createServer
http.createServer = (...args) => {
  const at = args.findIndex((arg) => typeof arg === 'function')
  if (at >= 0) args[at] = logged(args[at])
  return createServer(...args)
}
