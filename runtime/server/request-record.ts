/**
 * The client request as the pipeline records it (flows.md ClientRequest, definition.md R10): filled at
 * PL1 (target, headers, origin), completed by routing (endpoint, params; R2, R8) and body reading
 * (PL18: `$body`, `$request/post`). Flows see it as `$request`; the gateway's stages use this record.
 */
import type { ClientRequest, ProxyStreamAccess } from '../context/flow-context.js'
import { Content } from '../values/content.js'
import { EMPTY_BYTES } from './read-body.js'
import type { RequestOrigin } from './request-origin.js'

const NO_PARAMS: readonly (readonly [string, string])[] = Object.freeze([])

export class RequestRecord implements ClientRequest {
  readonly host: string
  readonly port: number
  readonly url: string
  /** R8: equals `path` for non-API requests and non-wildcard routes. */
  endpoint: string
  params: readonly (readonly [string, string])[] = NO_PARAMS
  /** Size of the body as received (access log `requestbytes`, LG3). */
  bodySize = 0
  /** Form fields for `$request/post`; null when the body is no form (section 10). */
  post: readonly (readonly [string, string])[] | null = null
  /** `$request/debug` (operations.md DB4): '' unless per-request debugging is active. */
  debug = ''
  /** Peer address of the client connection (X-Forwarded-For of upstream requests, upstream.md UP-NET-5). */
  remoteAddress: string | undefined = undefined
  /** Raw client access for the streamed proxy, while the handler runs (upstream.md UP-GEN-6). */
  proxyStream: ProxyStreamAccess | null = null
  #body: Content | undefined

  constructor(
    readonly id: string,
    readonly method: string,
    readonly path: string,
    readonly query: string | null,
    readonly headers: ReadonlyMap<string, string>,
    origin: RequestOrigin,
  ) {
    this.host = origin.host
    this.port = origin.port
    this.url = origin.url
    this.endpoint = path
  }

  /** `$body` (F-VAR-13): the bytes read, with the request's media type; empty until read. */
  get body(): Content {
    return (this.#body ??= new Content(EMPTY_BYTES, this.headers.get('content-type') ?? null))
  }

  set body(content: Content) {
    this.#body = content
  }
}
