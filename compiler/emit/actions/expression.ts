/**
 * The one door from action emitters to compiler/emit/xpath (another stage's module): expressions are
 * hoisted there as `XPATH_n` constants. Kept separate so emitter tests can stand in for it.
 */
export { emitExpression, type EmitOptions, type ExpressionSite } from '../xpath.js'
