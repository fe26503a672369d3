/**
 * Security at build time (security.md; definition.md CC16): the checks of key material, file sources
 * and credential lists, and the typed reading of the scheme extensions that the `security` app part
 * emits from.
 */
export { checkSecurity } from './check-security.js'
export {
  readJwtSettings,
  readBasicSettings,
  securityVariables,
  type JwtSettingsNode,
  type BasicSettingsNode,
  type SourceNode,
} from './read-schemes.js'
