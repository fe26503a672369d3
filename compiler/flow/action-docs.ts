/**
 * The one documentation table of flow elements (actions.md, flows.md F-DOC, F-CTL): what every
 * action, test action and control element does, its attributes with their kinds and allowed values,
 * and the rule that defines it. The editor schemas (flow-schema.ts), the reference page and the
 * language server's hover and completion all read it, so they cannot drift apart; the flow parser
 * takes each action's attribute names, required attributes and test-only mark from it as well
 * (action-facts.ts), so those are stated once. Keyed by `ActionKind`, so an action left out is a type
 * error. It lives with the flow parser, the lowest layer that reads it.
 */
import type { ActionKind } from '../ir/statements.js'

/**
 * How an attribute value is read (actions.md column "Type", flows.md F-EXPR-4):
 * `expression`: one XPath expression; `variable`: `$name` (F-VAR-1); `location`: a location
 * (F-LOC-1); `path`: a file path relative to the flow file; `boolean`: `true` or `false`;
 * `enum`: one of `values`; `status`: an HTTP status (F-RESP-2); `topics`: a debug topic list
 * (F-DBG-1); `pattern`: a delimited regular expression (ACT-regex-1); `request-id`: an upstream
 * request ID (UP-GEN-2); `text`: any text.
 */
export type AttributeKind =
  | 'expression'
  | 'variable'
  | 'location'
  | 'path'
  | 'boolean'
  | 'enum'
  | 'status'
  | 'topics'
  | 'pattern'
  | 'request-id'
  | 'text'

export interface AttributeDoc {
  readonly summary: string
  readonly kind: AttributeKind
  /** Accepts `{expr}` parts (actions.md column "Dyn", flows.md F-EXPR-4). */
  readonly dynamic?: true
  /** The only values a static attribute accepts (kinds `boolean` and `enum`). */
  readonly values?: readonly string[]
  /** The value an absent attribute stands for, as the spec writes it. */
  readonly default?: string
  /** A missing attribute is a CE (the ACTIONS registry's `required`, checked by a test). */
  readonly required?: true
}

/** Body kinds of flows.md F-DOC-7. */
export type BodyKind = 'empty' | 'text' | 'expression' | 'template' | 'actions' | 'special'

export interface ElementDoc {
  /** One sentence: what the element does. */
  readonly summary: string
  readonly body: BodyKind
  /** Attributes by name; for actions also the common `if` and `debug` (ACT-COMMON-1). */
  readonly attributes: Readonly<Record<string, AttributeDoc>>
  /** The rule or section that defines the element, e.g. `ACT-regex-1`. */
  readonly spec: string
  /** Ends the flow run (actions.md ACT-COMMON-5 "Terminating"). */
  readonly terminating?: true
  /** Allowed only in `svc-test` documents (flows.md F-DOC-5). */
  readonly testOnly?: true
  /** Child elements of a "special" body (auth's `user`, set-config's tree), by name. */
  readonly children?: Readonly<Record<string, ElementDoc>>
}

export type ActionDoc = ElementDoc

/** The control and container elements that are not actions (flows.md F-DOC-2, F-DOC-4, F-CTL). */
export type ControlElement = 'flow' | 'svc-test' | 'if' | 'elseif' | 'else' | 'break' | 'return' | 'backend-flow'

const STATUS_VALUES = 'an integer 200-599; anything else sets 500 (F-RESP-2)'

/** `if` and `debug`, accepted by every action (ACT-COMMON-1). */
export const COMMON_ATTRIBUTES: Readonly<Record<'if' | 'debug', AttributeDoc>> = {
  if: { kind: 'expression', summary: 'Condition: when false, the element is skipped completely (F-CTL-6).' },
  debug: {
    kind: 'topics',
    summary: "Comma-separated debug topics that also select this action's debug output (F-DBG-1).",
  },
}

function action(own: Readonly<Record<string, AttributeDoc>>, doc: Omit<ElementDoc, 'attributes'>): ElementDoc {
  return { ...doc, attributes: { ...own, ...COMMON_ATTRIBUTES } }
}

const inLocation = (summary: string): AttributeDoc => ({
  kind: 'location',
  dynamic: true,
  default: 'svc://request/content',
  summary,
})
const outLocation = (summary: string): AttributeDoc => ({ kind: 'location', default: 'svc://request/content', summary })
const mime = (fallback: string | undefined): AttributeDoc => ({
  kind: 'text',
  dynamic: true,
  ...(fallback === undefined ? {} : { default: fallback }),
  summary: 'Content-Type of the response; wins over a header set earlier (F-RESP-5).',
})
const status = (summary: string): AttributeDoc => ({
  kind: 'status',
  dynamic: true,
  summary: `${summary}: ${STATUS_VALUES}.`,
})
const BOOLEAN = ['true', 'false'] as const
const MODES = ['true', 'false', 'report-only'] as const

const USER: ElementDoc = {
  summary: 'One user that `auth` accepts.',
  body: 'empty',
  spec: 'ACT-auth-1',
  attributes: {
    name: {
      kind: 'text',
      dynamic: true,
      default: '',
      summary: 'User name; the first user with the sent name is the only one compared (ACT-auth-2).',
    },
    pass: { kind: 'text', dynamic: true, required: true, summary: 'Password; must not be empty (ACT-auth-1).' },
  },
}

const VALIDATION_SETTING: ElementDoc = {
  summary: 'Response validation mode for the rest of this request (validation.md).',
  body: 'empty',
  spec: 'ACT-set-config-1',
  attributes: {
    response: { kind: 'enum', values: MODES, summary: 'Response validation mode for this request.' },
    request: {
      kind: 'enum',
      values: MODES,
      summary: 'Accepted but without effect: request validation has already run.',
    },
    enable: {
      kind: 'boolean',
      values: BOOLEAN,
      default: 'true',
      summary: 'Whether the setting applies (ACT-set-config-2).',
    },
  },
}

const FORCE_HTTPS_SETTING: ElementDoc = {
  summary: 'Upstream requests with `http:` URLs are sent as `https:` for the rest of this request.',
  body: 'empty',
  spec: 'ACT-set-config-1',
  attributes: {
    enable: {
      kind: 'boolean',
      values: BOOLEAN,
      default: 'true',
      summary: 'Whether the setting applies (ACT-set-config-2).',
    },
  },
}

/** Every action and test action, keyed by element name (= `ActionKind`). */
export const ACTION_DOCS: { readonly [K in ActionKind]: ActionDoc } = {
  auth: action(
    {},
    {
      summary: 'HTTP Basic authentication of the client against the `user` elements; answers 401 when no user matches.',
      body: 'special',
      spec: 'ACT-auth-1',
      children: { user: USER },
    },
  ),
  copy: action(
    { in: inLocation('Source location.'), out: outLocation('Destination location (writable).') },
    {
      summary: 'Copies a value unchanged from one location to another, e.g. a project file into a variable.',
      body: 'empty',
      spec: 'ACT-copy-1',
    },
  ),
  debug: action(
    {
      level: {
        kind: 'enum',
        values: ['verbose', 'debug', 'info', 'warn', 'warning', 'error', 'alert'],
        default: 'debug',
        summary: 'Level of the message (`warn` = `warning`).',
      },
      channel: { kind: 'text', default: 'user', summary: 'Channel name; acts as an additional debug topic.' },
      xpath: { kind: 'expression', summary: 'Expression whose result is written; exactly one of `xpath` and `in`.' },
      in: {
        kind: 'location',
        dynamic: true,
        summary: 'Location whose value is written; exactly one of `xpath` and `in`.',
      },
    },
    {
      summary: 'Writes a message to the debug output when the debug configuration selects it.',
      body: 'empty',
      spec: 'ACT-debug-1',
    },
  ),
  dump: action(
    {
      in: inLocation('Value to send.'),
      mime: mime(undefined),
      status: status('Response status'),
      minify: {
        kind: 'boolean',
        values: BOOLEAN,
        default: 'true',
        summary: 'Accepted for compatibility and ignored (ACT-dump-4).',
      },
    },
    {
      summary: "Sends a location's value as the response body and ends the flow run.",
      body: 'empty',
      spec: 'ACT-dump-1',
      terminating: true,
    },
  ),
  echo: action(
    { mime: mime('text/plain'), status: status('Response status, as `set-status`') },
    {
      summary: 'Sends the literal body text as the response body and ends the flow run.',
      body: 'text',
      spec: 'ACT-echo-1',
      terminating: true,
    },
  ),
  error: action(
    { status: status("HTTP status; wins over the body's `status`") },
    {
      summary:
        'Raises an application error: sets `$error` from the JSON template body (object or string) and runs the error flow.',
      body: 'template',
      spec: 'ACT-error-1',
      terminating: true,
    },
  ),
  eval: action(
    { out: { kind: 'variable', summary: 'Variable receiving the result; without it the result is discarded.' } },
    {
      summary: 'Evaluates the expression body and optionally stores the result in a variable.',
      body: 'expression',
      spec: 'ACT-eval-1',
    },
  ),
  log: action(
    {},
    {
      summary: 'Adds custom fields (a JSON object template) to the access log event of this request.',
      body: 'template',
      spec: 'ACT-log-1',
    },
  ),
  nameshave: action(
    { in: inLocation('XML input.'), out: outLocation('Result location (writable).') },
    { summary: 'Removes all namespaces from an XML document.', body: 'empty', spec: 'ACT-nameshave-1' },
  ),
  'pass-body': action(
    {
      request: {
        kind: 'request-id',
        dynamic: true,
        default: 'main',
        summary: 'Request ID whose stored upstream body is sent.',
      },
      mime: mime('text/plain'),
      status: status('Response status, as `set-status`'),
    },
    {
      summary: 'Sends a stored upstream response body byte for byte and ends the flow run.',
      body: 'empty',
      spec: 'ACT-pass-body-1',
      terminating: true,
    },
  ),
  'proxy-request': action(
    {},
    {
      summary:
        'Forwards the client request to an upstream (JSON object template with `origin` or `url`); the answer becomes the main content.',
      body: 'template',
      spec: 'ACT-proxy-request-1',
    },
  ),
  regex: action(
    {
      pattern: {
        kind: 'pattern',
        required: true,
        summary: 'Pattern with delimiters and modifiers `imsxu`, e.g. `/^a(b)$/i` (ACT-regex-1).',
      },
      replace: {
        kind: 'text',
        required: true,
        summary: 'Replacement; `$n`, `${n}` and `\\n` insert group n (ACT-regex-3).',
      },
      in: inLocation('Input.'),
      out: outLocation('Output location (writable).'),
    },
    { summary: 'Replaces every match of a regular expression.', body: 'empty', spec: 'ACT-regex-1' },
  ),
  request: action(
    {
      content: {
        kind: 'request-id',
        dynamic: true,
        default: 'main',
        summary: 'Request ID when the body has no non-empty `id`.',
      },
      url: { kind: 'text', dynamic: true, summary: 'Absolute http(s) URL when the body has no non-empty `url`.' },
      method: { kind: 'text', dynamic: true, summary: 'Method when the body has no non-empty `method`.' },
    },
    {
      summary: 'Performs one upstream HTTP request configured by a JSON object template (upstream.md UP-CFG).',
      body: 'template',
      spec: 'ACT-request-1',
    },
  ),
  requests: action(
    { src: { kind: 'location', summary: 'Template file, or a variable holding the object; instead of a body.' } },
    {
      summary: 'Performs several upstream requests concurrently: an object mapping request IDs to configurations.',
      body: 'template',
      spec: 'ACT-requests-1',
    },
  ),
  serve: action(
    {
      dir: { kind: 'path', required: true, summary: 'Document root, relative to the flow file.' },
      'fallback-doc': {
        kind: 'path',
        required: true,
        summary: 'File sent when the requested one does not exist; `/…` is relative to `dir`.',
      },
      terminate: { kind: 'boolean', values: BOOLEAN, default: 'true', summary: 'End the flow run after serving.' },
      out: outLocation('Where the file content goes (writable).'),
    },
    {
      summary: 'Serves static files below a directory, with a fallback document.',
      body: 'empty',
      spec: 'ACT-serve-1',
      terminating: true,
    },
  ),
  'set-config': action(
    {},
    {
      summary:
        'Overrides gateway settings for the rest of the request: `svc/validation`, `security/force-backend-https`.',
      body: 'special',
      spec: 'ACT-set-config-1',
      children: {
        svc: {
          summary: 'Gateway settings.',
          body: 'special',
          spec: 'ACT-set-config-1',
          attributes: {},
          children: { validation: VALIDATION_SETTING },
        },
        security: {
          summary: 'Security settings.',
          body: 'special',
          spec: 'ACT-set-config-1',
          attributes: {},
          children: { 'force-backend-https': FORCE_HTTPS_SETTING },
        },
      },
    },
  ),
  'set-response-headers': action(
    {
      in: inLocation('Template context (`{{.}}`).'),
      src: { kind: 'path', summary: 'Template file instead of a body.' },
      status: status('Response status; wins over a `Status` field'),
    },
    {
      summary: 'Sets response header fields from a JSON object template (and optionally the status).',
      body: 'template',
      spec: 'ACT-set-response-headers-1',
    },
  ),
  'set-status': action(
    { code: { ...status('Status code'), required: true } },
    { summary: 'Sets the response status; the last one set wins.', body: 'empty', spec: 'ACT-set-status-1' },
  ),
  'sub-flow': action(
    { src: { kind: 'path', required: true, summary: 'Flow file, relative to the calling file.' } },
    {
      summary: 'Runs another flow file in the current context, sharing variables, request and response.',
      body: 'empty',
      spec: 'ACT-sub-flow-1',
    },
  ),
  template: action(
    {
      in: { ...inLocation('Initial context `{{.}}`; `""` means no input.') },
      out: outLocation('Destination: a variable or a content location.'),
      src: { kind: 'path', summary: 'Template file instead of a body.' },
      check: {
        kind: 'boolean',
        values: BOOLEAN,
        default: 'true',
        summary: 'Report output that is not valid JSON (ACT-template-4).',
      },
    },
    { summary: 'Generates JSON with the template language (templates.md).', body: 'template', spec: 'ACT-template-1' },
  ),
  xslt: action(
    {
      src: {
        kind: 'path',
        required: true,
        summary: 'XSLT 1.0 stylesheet, relative to the flow file (or `svc://site/…`).',
      },
      in: inLocation('Input document.'),
      out: outLocation('Result location (writable).'),
      cache: {
        kind: 'boolean',
        values: BOOLEAN,
        default: 'true',
        summary: 'Accepted; stylesheets are always compiled once at build time.',
      },
    },
    { summary: 'Applies an XSLT 1.0 stylesheet.', body: 'empty', spec: 'ACT-xslt-1' },
  ),
  assert: action(
    {},
    {
      summary:
        'Checks assertions `[expression, expected?, message?]` (a JSON array template); a failure is recorded and the test goes on.',
      body: 'template',
      spec: 'ACT-assert-1',
      testOnly: true,
    },
  ),
  'set-env': action(
    {},
    {
      summary: 'Overrides environment variables (`$env`) for the rest of the test file; `null` removes one.',
      body: 'template',
      spec: 'ACT-set-env-1',
      testOnly: true,
    },
  ),
  'test-request': action(
    {},
    {
      summary:
        'Sends a request (JSON object template with `path`) to the application under test; sets `$status`, `$response`, `$headers`.',
      body: 'template',
      spec: 'ACT-test-request-1',
      testOnly: true,
    },
  ),
}

/** Root, container and control elements (flows.md F-DOC-2, F-DOC-4, F-CTL; actions.md `backend-flow`). */
export const CONTROL_DOCS: { readonly [K in ControlElement]: ElementDoc } = {
  flow: {
    summary: 'Root of every flow document: its actions run in document order.',
    body: 'actions',
    spec: 'F-DOC-2',
    attributes: {},
  },
  'svc-test': {
    summary: 'Root of a test document run by `svc-test`; test actions are allowed in it.',
    body: 'actions',
    spec: 'F-DOC-2',
    attributes: {},
  },
  if: {
    summary: 'Runs its block when `test` is true; may be followed by `elseif` and `else`.',
    body: 'actions',
    spec: 'F-CTL-1',
    attributes: { test: { kind: 'expression', required: true, summary: 'Condition of the block.' } },
  },
  elseif: {
    summary: 'Directly after an `if` or `elseif`: runs its block when no earlier test was true and `test` is.',
    body: 'actions',
    spec: 'F-CTL-2',
    attributes: { test: { kind: 'expression', required: true, summary: 'Condition of the block.' } },
  },
  else: {
    summary: 'Directly after an `if` or `elseif`: runs its block when no test of the chain was true.',
    body: 'actions',
    spec: 'F-CTL-3',
    attributes: {},
  },
  break: {
    summary: 'Ends the whole flow run (every active flow); the response is sent as it is.',
    body: 'empty',
    spec: 'F-CTL-7',
    attributes: { if: COMMON_ATTRIBUTES.if },
  },
  return: {
    summary:
      'Ends the innermost sub-flow; at the top level of an init or post-check flow only that flow, elsewhere like `break`.',
    body: 'empty',
    spec: 'F-CTL-8',
    attributes: { if: COMMON_ATTRIBUTES.if },
  },
  'backend-flow': {
    summary: 'Registers a flow that answers upstream requests of the test instead of the network.',
    body: 'actions',
    spec: 'ACT-backend-flow-1',
    testOnly: true,
    attributes: {
      request: {
        kind: 'request-id',
        summary: 'Request ID to answer; absent: every request without a flow of its own.',
      },
      ...COMMON_ATTRIBUTES,
    },
  },
}
