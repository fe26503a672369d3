/**
 * What generated code may import, as `svc-gateway/runtime`: exactly the names the compiler's emitters
 * write (compiler/emit/context.ts takes only these names), apart from the runtime's internals, which
 * stay free to change. The bundler, the type check of generated code and the tests resolve
 * `svc-gateway/runtime` to this module; `index.ts` remains the whole runtime for svc-test, `--serve` and
 * the tests.
 */

// The flow function and its completions (flows.md F-KIND-1), handlers and the route table
export { BREAK, CONTINUE, flowHandler, proxyEnv, proxyHandler, createRouteTable, startServer } from './index.js'
export type { Completion, FlowContext, FlowFunction, CompiledApp, RouteTable } from './index.js'

// Expressions and templates
export {
  EngineExpression,
  FastExpression,
  coalesce,
  defineTemplate,
  evaluate,
  evaluateBoolean,
  evaluateString,
  renderTemplate,
  templateJson,
  templateText,
  xpArithmetic,
  xpAttribute,
  xpAttributes,
  xpBoolean,
  xpChild,
  xpChildren,
  xpCompare,
  xpConcat,
  xpContains,
  xpCount,
  xpFilter,
  xpFocus,
  xpNegate,
  xpNumber,
  xpParent,
  xpPlus,
  xpPredicate,
  xpRoot,
  xpSelf,
  xpStartsWith,
  xpStep,
  xpString,
  xpVar,
} from './index.js'

// Actions (actions.md): one helper each, named after its element, and the shared ones
export {
  auth,
  copy,
  dump,
  echo,
  error,
  locationText,
  log,
  nameshave,
  passBody,
  proxyRequest,
  readLocation,
  regex,
  regexReplacement,
  request,
  requests,
  requestsFrom,
  serve,
  setConfig,
  setResponseHeaders,
  setStatus,
  subFlow,
  template,
  xslt,
} from './index.js'

// Debugging (operations.md DB3)
export { debug, debugActionSelected, debugScope, enterDebugScope, leaveDebugScope } from './index.js'

// svc-test actions (docs/testing.md)
export { assert, checkAssertionTemplate, registerBackendFlow, setEnv, testRequest } from './index.js'
export type { Assertion } from './index.js'

// The app parts: CORS, security, validation, mocks, XSLT, upstream definitions, rate limits, pools
export {
  createCorsPolicy,
  createMockTable,
  createUpstreamDefinitionTable,
  defineRateLimits,
  defineUpstreamPools,
  defineSecurity,
  SCHEMA_FORMATS,
  xsltSetup,
} from './index.js'
export type {
  CorsPolicy,
  MockTable,
  OperationPlan,
  ParameterPlan,
  RateLimitPolicySpec,
  RateLimitTable,
  RequirementSpec,
  ResponsePlan,
  RoutePlan,
  SchemaValidator,
  SecurityConfig,
  UpstreamDefinition,
  UpstreamDefinitionTable,
  UpstreamPoolSpec,
  UpstreamPoolTable,
  ValidationPlan,
  XsltSetup,
} from './index.js'

/** The names of the types above, which the emitters may name (compiler/emit/context.ts). */
export type RuntimeTypeName =
  | 'Assertion'
  | 'CompiledApp'
  | 'Completion'
  | 'CorsPolicy'
  | 'FlowContext'
  | 'FlowFunction'
  | 'MockTable'
  | 'OperationPlan'
  | 'ParameterPlan'
  | 'RateLimitPolicySpec'
  | 'RateLimitTable'
  | 'RequirementSpec'
  | 'ResponsePlan'
  | 'RoutePlan'
  | 'RouteTable'
  | 'SchemaValidator'
  | 'SecurityConfig'
  | 'UpstreamDefinition'
  | 'UpstreamDefinitionTable'
  | 'UpstreamPoolSpec'
  | 'UpstreamPoolTable'
  | 'ValidationPlan'
  | 'XsltSetup'
