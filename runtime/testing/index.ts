// runtime/testing: svc-test at run time (operations.md TS4-TS12, actions.md "Test actions").
export {
  TestRun,
  currentTestRun,
  type TestRunOptions,
  type TestOutcome,
  type AssertionResult,
  type AssertionSite,
} from './test-run.js'
export type { TestRunHooks } from '../context/test-run-hooks.js'
export { assert, checkAssertionTemplate, type Assertion } from './assert.js'
export {
  checkAssertionList,
  patternProblem,
  type AssertionSpec,
  type AssertionProblem,
  type Expected,
  type ExpectedFlags,
} from './assertion-spec.js'
export { actualOf, compare, jsonEqual, type Actual, type Comparison, type GoldenReader } from './compare.js'
export { setEnv } from './set-env.js'
export { checkEnvOverrides, type EnvOverrides } from './env-overrides.js'
export { testRequest } from './test-request.js'
export { checkTestRequestConfig, type TestRequestConfig } from './test-request-config.js'
export { registerBackendFlow } from './backend-flow.js'
