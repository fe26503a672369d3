/** The helpers generated fast-path code calls (xpath-functions.md section 12), exported through runtime/xpath. */
export { xpVar, xpFocus } from './context.js'
export { xpChild, xpChildren, xpAttribute, xpAttributes, xpParent, xpSelf, xpStep, xpFilter, xpRoot } from './steps.js'
export { xpCompare, xpArithmetic, xpNegate, xpPlus, xpBoolean, xpCount, xpPredicate } from './operators.js'
export type { FastEvaluator, FastPredicate, FastAxis } from './types.js'
