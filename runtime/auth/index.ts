// runtime/auth: security schemes and requirements (security.md A1-A16, J1-J16, BA1-BA10; definition.md PL8).
export {
  defineSecurity,
  type SecurityConfig,
  type SchemeSpec,
  type JwtSchemeSpec,
  type BasicSchemeSpec,
  type BasicUserSpec,
  type SourceSpec,
  type TokenPlace,
  type RequirementSpec,
  type AlternativeSpec,
  type MethodRequirements,
} from './config.js'
export { createSecurityRuntime, SecurityRuntime, type SecurityRuntimeOptions } from './security-runtime.js'
export { SecurityStartError } from './settings.js'
export { checkSecurity, asciiJson, type FlowNote } from './check-security.js'
