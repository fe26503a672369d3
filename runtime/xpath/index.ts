/**
 * runtime/xpath: compiled expressions, their evaluation in two tiers (generated fast-path code and
 * the fontoxpath engine over the rewritten text), the gateway's extension functions, and the rewrite
 * and printer the compiler (and computed sort keys) use (xpath-functions.md sections 1-12).
 */
export {
  EngineExpression,
  FastExpression,
  type CompiledExpression,
  type ExpressionSite,
} from './compiled-expression.js'
export { evaluate, evaluateBoolean, evaluateString, evaluateWithEngine } from './evaluate.js'
export { defaultFocus, type VariableScope } from './scope.js'
export { XPathDynamicError, FAST_PATH_BAILOUT } from './errors.js'
export { generalCompare, type ComparisonOperator } from './compare.js'
export type { ArithmeticOperator } from './arithmetic.js'
export { effectiveBoolean } from './ebv.js'
export type { Value as XPathValue } from './value.js'
export * from './fast/index.js'
export {
  xpConcat,
  xpContains,
  xpEndsWith,
  xpLowerCase,
  xpLocalName,
  xpName,
  xpNamespaceUri,
  xpNormalizeSpace,
  xpNumber,
  xpCeiling,
  xpFloor,
  xpRound,
  xpStartsWith,
  xpString,
  xpStringLength,
  xpSubstring,
  xpSubstringAfter,
  xpSubstringBefore,
  xpSum,
  xpTranslate,
  xpTrim,
  xpUpperCase,
  FUNCTION_IMPLEMENTATIONS,
} from './functions/index.js'
export {
  EXTENSION_FUNCTIONS,
  extensionFunction,
  acceptsArity,
  paramKind,
  resolvesToGateway,
  type ExtensionFunction,
  type FunctionStatus,
  type ParamKind,
} from './registry.js'
export * from './namespaces.js'
export { parseExpressionText, type ParsedExpression } from './ast/parse.js'
export { rewriteExpression } from './ast/rewrite.js'
export { printXPath, stringLiteral } from './ast/print.js'
export { freeVariables } from './ast/free-variables.js'
export { staticType, type StaticType } from './ast/static-type.js'
export { fromXqueryx, xqx, xqxText, childTagged, childrenTagged, walkXqx, type XqxNode } from './ast/xqx-node.js'
export { standardFunctionArities, STANDARD_FUNCTION_NAMES } from './standard-functions.js'
export { checkFunctionCalls, type FunctionProblem } from './check-functions.js'
export type { FunctionCall } from './functions/call.js'
export { FunctionCaches } from './functions/caches.js'
export { compileRegex, checkRegexFlags, type RegexCompilation } from './functions/regex.js'
export { CODECS, codecNamed, unknownCodecMessage } from './functions/codecs.js'
export { JWT_ALGORITHMS, isJwtRestriction, unknownJwtAlgorithmMessage } from './functions/jwt-algorithms.js'
export { SIGNATURE_ALGORITHMS, unknownSignatureAlgorithmMessage } from './functions/signature-algorithms.js'
export { compileSortKey, type SortKeyCompilation } from './functions/sort-key.js'
