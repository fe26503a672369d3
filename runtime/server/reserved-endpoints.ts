/**
 * Stage PL2 (definition.md section 9): the gateway's reserved endpoints (operations.md HL1-HL4),
 * checked before routing so they take precedence over definition paths.
 *
 * - `GET <SVC_HEALTH_PATH>` (default `/_svc/health`, `""` disables it): 200 `{"status":"ok"}`, or 503
 *   `{"status":"stopping"}` during shutdown (CL10); `application/json`, `Cache-Control: no-store`; no
 *   authentication; never access-logged (LG10).
 * - `/_svc/status` and `/_svc/metrics` only when SVC_STATUS_AUTH is set (otherwise routed normally):
 *   `Authorization: Basic` with exactly those credentials, else 401 with
 *   `WWW-Authenticate: Basic realm="svc-gateway status"` and the system error document (3206).
 * - `GET <SVC_READY_PATH>` (default `/_svc/ready`, `""` disables it): readiness (HL5), 200
 *   `{"status":"ready"}` once the gateway listens and, with Redis, the store answered; else 503 with
 *   `starting` or `stopping`; no authentication; never access-logged.
 * - With SVC_ADMIN_PORT (HL6) all of them are answered on that port alone (status and metrics without
 *   credentials unless SVC_STATUS_AUTH is set), anything else there is 404, and PORT routes every
 *   path normally.
 * - Methods other than GET and HEAD: 405 with `Allow: GET, HEAD` and the system error document (3210).
 *
 * No CORS, validation, security, flows or debug `append` sink (HL1); the 405 and 401 are raised like
 * every error and answered before the error flow could apply (runtime/server/answer-error.ts). Per
 * request this costs two to four string comparisons of the path.
 */
import { securityViolation } from '../auth/security-error.js'
import { gatewayError } from '../errors/raised-error.js'
import { basicCredentialsMatch } from '../health/basic-credentials.js'
import type { StatusEndpoints } from '../health/operations.js'
import type { ReservedEndpoint } from '../health/reserved-endpoint.js'
import { renderStatusDocument } from '../health/status-document.js'
import type { Exchange } from './exchange.js'
import type { RequestRecord } from './request-record.js'
import { send } from './send.js'

export const STATUS_PATH = '/_svc/status'
export const METRICS_PATH = '/_svc/metrics'
const STATUS_REALM = 'Basic realm="svc-gateway status"'
const NO_STORE: readonly (readonly [string, string])[] = Object.freeze([['Cache-Control', 'no-store']])
const METRICS_TYPE = 'text/plain; version=0.0.4; charset=utf-8'

/** Which reserved endpoint a request is for. */
export type { ReservedEndpoint }

/** PL2: answers a reserved endpoint and returns true, or returns false to continue with PL3; raises 405, 401. */
export function answerReservedEndpoint(exchange: Exchange): boolean {
  const { config, operations } = exchange.gateway
  const record = exchange.record
  if (operations === undefined) return false
  // HL6: with an admin port, the reserved endpoints are answered there alone
  const admin = exchange.admin
  if (config.adminPort !== null && !admin) return false
  const path = record.path
  const status = operations.status
  let endpoint: ReservedEndpoint
  if (path === config.healthPath && path !== '') endpoint = 'health'
  else if (path === config.readyPath && path !== '') endpoint = 'ready'
  else if (status !== null && path === STATUS_PATH) endpoint = 'status'
  else if (status !== null && path === METRICS_PATH) endpoint = 'metrics'
  else if (admin) throw gatewayError('PATH_NOT_FOUND', [`No admin endpoint ${path}`], record.id)
  else return false
  exchange.reserved = endpoint
  if (record.method !== 'GET' && record.method !== 'HEAD') {
    const info = `Method ${record.method} not allowed for ${path}; allowed: GET, HEAD`
    throw gatewayError('METHOD_NOT_ALLOWED', [info], record.id, [['Allow', 'GET, HEAD']])
  }
  if (endpoint === 'health' || endpoint === 'ready') {
    const state = endpoint === 'health' ? (exchange.gateway.stopping ? 'stopping' : 'ok') : exchange.gateway.readiness
    send(exchange, {
      status: state === 'ok' || state === 'ready' ? 200 : 503,
      headers: NO_STORE,
      contentType: 'application/json',
      body: `{"status":"${state}"}`,
    })
    return true
  }
  answerStatusEndpoint(exchange, record, endpoint, status!)
  return true
}

/** HL3, HL4: `/_svc/status` and `/_svc/metrics` behind their Basic credentials. */
function answerStatusEndpoint(
  exchange: Exchange,
  record: RequestRecord,
  endpoint: 'status' | 'metrics',
  status: StatusEndpoints,
): void {
  if (status.digest !== null && !basicCredentialsMatch(record.headers.get('authorization'), status.digest)) {
    throw securityViolation([`Credentials required for ${record.path}`], record.id, [STATUS_REALM])
  }
  const { app, config } = exchange.gateway
  const instance = status.instance
  const answer =
    endpoint === 'metrics'
      ? instance
          .render({ version: app.version, revision: app.revision })
          .then((body) => ({ contentType: METRICS_TYPE, body }))
      : instance.snapshot().then((metrics) => ({
          contentType: 'application/json',
          body: renderStatusDocument({
            stopping: exchange.gateway.stopping,
            version: app.version,
            revision: app.revision,
            role: config.role,
            metrics,
          }),
        }))
  // with SVC_WORKERS the numbers come from every worker (HL7): the answer waits for them
  void answer.then(
    ({ contentType, body }) => {
      if (!exchange.finished) send(exchange, { status: 200, headers: NO_STORE, contentType, body })
    },
    () => {
      if (!exchange.finished) exchange.res.destroy()
    },
  )
}
