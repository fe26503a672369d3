/**
 * What every `x-svc-*` extension of the definition means (definition.md section 3), for the JSON
 * Schema of the definition, the reference page and the language server. Where each one is
 * recognized comes from EXTENSION_LEVELS, the table the definition loader checks with; a unit test
 * checks that both tables name the same extensions.
 */
import { EXTENSION_LEVELS, type ExtensionLevel } from '../definition/extensions.js'

export type { ExtensionLevel } from '../definition/extensions.js'

export interface ExtensionDoc {
  readonly summary: string
  /** The value's shape in words, as definition.md section 3 writes it. */
  readonly value: string
  /** The rule that defines the extension. */
  readonly spec: string
  /** Where it is recognized (from EXTENSION_LEVELS). */
  readonly levels: readonly ExtensionLevel[]
  /** For scheme extensions: the scheme type it needs (security.md J1, J3, BA1). */
  readonly schemeType?: 'apiKey' | 'basic'
}

type ExtensionText = Omit<ExtensionDoc, 'levels'>

const TEXT: Readonly<Record<string, ExtensionText>> = {
  'x-svc-flow': {
    summary: 'The flow file that handles the operations below this level (the most specific level wins).',
    value: 'flow file (string), relative to the definition',
    spec: 'H1',
  },
  'x-svc-proxy': {
    summary:
      'Forwards requests to an upstream without a flow; at the paths level a fallback for routes without a handler.',
    value:
      'proxy configuration (object): exactly one of origin and url; stripEndpoint, addPrefix, query, headers, cookies, options',
    spec: 'PX1',
  },
  'x-svc-init': {
    summary: 'The init flow: runs for every API request after validation and security, before the handler.',
    value: 'flow file (string) or {flow: <file>}',
    spec: 'H7',
  },
  'x-svc-error': {
    summary: 'The error flow: runs when an error is raised while an API request is processed.',
    value: '{flow: <file>} or flow file (string)',
    spec: 'EF1',
  },
  'x-svc-default-flow': {
    summary: 'The default flow: handles requests outside basePath (for example static files).',
    value: 'flow file (string)',
    spec: 'H9',
  },
  'x-svc-cors': {
    summary: 'CORS policy for API requests: allowed origins, credentials, pre-flight max age, exposed headers.',
    value: 'object: allowed-origins (required), allow-credentials, max-age, expose-headers',
    spec: 'O7',
  },
  'x-svc-validate': {
    summary: 'Schema validation of requests and responses: true, false or "report-only" per direction.',
    value: '{request, response} each true, false or "report-only"; a scalar sets both',
    spec: 'VA1',
  },
  'x-svc-rate-limit': {
    summary:
      'Limits the request rate per client, header value or JWT claim; every policy is enforced, the most specific level wins.',
    value:
      'policy {limit, window, key, name} or a list of them; key client-ip, header:<name>, jwt:<claim> or an XPath expression over $request',
    spec: 'RL1',
  },
  'x-svc-rate-limit-headers': {
    summary:
      'How responses of rate-limited operations advertise the limits: IETF RateLimit fields, X-RateLimit-* or none.',
    value: 'ietf (default), legacy or none',
    spec: 'RL6',
  },
  'x-svc-upstreams': {
    summary:
      'Named pools of upstream targets: a request URL whose host is a pool name goes to an available target, balanced, with circuit breakers and retries.',
    value:
      'map of pool names to {targets, balance, hash-key, health-check, passive, retries, retry-delay, retry-non-idempotent}',
    spec: 'UP-POOL-1',
  },
  'x-svc-jwt': {
    summary: "Checks a JWT read from the apiKey scheme's header, cookie or query parameter.",
    value: 'object: key (required), alg, out-var, out-header, claims, scope-claim, post-check-flow',
    spec: 'J1',
    schemeType: 'apiKey',
  },
  'x-svc-cookiename': {
    summary: 'The cookie that holds the JWT when the apiKey scheme reads the Cookie header.',
    value: 'cookie name (string)',
    spec: 'J3',
    schemeType: 'apiKey',
  },
  'x-svc-basicauth': {
    summary: 'Checks HTTP Basic credentials of a basic scheme against a list of users.',
    value: 'object: users or credentials, realm, out-var',
    spec: 'BA1',
    schemeType: 'basic',
  },
}

function build(): Readonly<Record<string, ExtensionDoc>> {
  const docs: Record<string, ExtensionDoc> = {}
  for (const [key, levels] of Object.entries(EXTENSION_LEVELS)) {
    const text = TEXT[key]
    if (text === undefined) throw new Error(`no documentation for ${key} (compiler/language/extension-docs.ts)`)
    docs[key] = { ...text, levels }
  }
  return docs
}

/** Every `x-svc-*` extension, keyed by its name, in the order of EXTENSION_LEVELS. */
export const EXTENSION_DOCS: Readonly<Record<string, ExtensionDoc>> = build()

/** The documentation text keys, for the completeness test. */
export const DOCUMENTED_EXTENSIONS: readonly string[] = Object.keys(TEXT)
