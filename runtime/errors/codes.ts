/**
 * The error-code registry of errors.md section 3: the one table every runtime error comes from.
 */

export interface ErrorKind {
  readonly code: number
  readonly status: number
  readonly message: string
  /** Alert topic of errors.md section 3 / operations.md LG6; null: no alert line. */
  readonly alertTopic: string | null
  /**
   * Answered with the system error document at once, never by the error flow (errors.md EF3, X16): the
   * request itself could not be read, so there is nothing a flow could work on.
   */
  readonly withoutErrorFlow?: true
  /** The connection closes after the answer: the rest of the request is not read. */
  readonly closesConnection?: true
}

export const ERROR_KINDS = {
  UPSTREAM_FAILED: { code: 3101, status: 502, message: 'Upstream Request Failed', alertTopic: 'request' },
  UPSTREAM_TIMEOUT: { code: 3102, status: 504, message: 'Upstream Request Timeout', alertTopic: 'request' },
  UPSTREAM_UNAVAILABLE: { code: 3103, status: 503, message: 'Upstream Unavailable', alertTopic: 'request' },
  UPSTREAM_REQUEST_INVALID: {
    code: 3202,
    status: 400,
    message: 'Upstream Request Validation Failed',
    alertTopic: 'request',
  },
  UPSTREAM_RESPONSE_INVALID: {
    code: 3203,
    status: 502,
    message: 'Upstream Response Validation Failed',
    alertTopic: 'request',
  },
  INPUT_VALIDATION: { code: 3204, status: 400, message: 'Input Validation Failed', alertTopic: 'validation' },
  OUTPUT_VALIDATION: { code: 3205, status: 500, message: 'Output Validation Failed', alertTopic: 'validation' },
  SECURITY: { code: 3206, status: 403, message: 'Security violation', alertTopic: 'security' },
  UPSTREAM_SECURITY: {
    code: 3207,
    status: 401,
    message: 'Upstream Request Security Validation Failed',
    alertTopic: 'request',
  },
  PATH_NOT_FOUND: { code: 3208, status: 404, message: 'Path Not Found', alertTopic: null },
  NO_FLOW: { code: 3209, status: 404, message: 'No Flow Found', alertTopic: 'routing' },
  METHOD_NOT_ALLOWED: { code: 3210, status: 405, message: 'Method Not Allowed', alertTopic: null },
  CONFIGURATION: { code: 3211, status: 500, message: 'Configuration Error', alertTopic: 'config' },
  BODY_TOO_LARGE: {
    code: 3212,
    status: 413,
    message: 'Request Body Too Large',
    alertTopic: null,
    withoutErrorFlow: true,
    closesConnection: true,
  },
  MALFORMED_REQUEST: {
    code: 3213,
    status: 400,
    message: 'Malformed Request',
    alertTopic: null,
    withoutErrorFlow: true,
  },
  RATE_LIMITED: { code: 3214, status: 429, message: 'Too Many Requests', alertTopic: null },
  FLOW_ERROR: { code: 5000, status: 500, message: 'FlowError', alertTopic: 'error' },
  FLOW_EXECUTION: {
    code: 5001,
    status: 500,
    message: 'Flow Execution Failed',
    alertTopic: null /* the action's name */,
  },
} as const satisfies Record<string, ErrorKind>

export type ErrorKindName = keyof typeof ERROR_KINDS

const KINDS_BY_CODE: ReadonlyMap<number, ErrorKind> = new Map(
  Object.values(ERROR_KINDS).map((kind): [number, ErrorKind] => [kind.code, kind]),
)

/** The registry's entry for an error code (undefined for none, and for codes a flow's `error` action makes up). */
export function errorKindOf(code: number | undefined): ErrorKind | undefined {
  return code === undefined ? undefined : KINDS_BY_CODE.get(code)
}
