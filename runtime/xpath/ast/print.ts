/**
 * Prints an XQueryX tree (the XPath 3.1 subset fontoxpath emits) back to XPath text, so that the
 * rewritten expression (xpath-functions.md section 12) stays readable in generated code. Parentheses
 * are added only where the grammar's precedence needs them (sequence types and node tests are in
 * print-types.ts). XQuery-only constructs are refused by the parser stage and are not printed. The
 * expression cases stay in one file: they share the precedence table.
 */
import { printNodeTest, printSequenceType, printSingleType, qualifiedName, textOf } from './print-types.js'
import { childrenTagged, childTagged, inner, type XqxNode } from './xqx-node.js'

/** Precedence levels of the XPath 3.1 grammar, loosest first. */
const enum Level {
  Expr = 0,
  Single = 1,
  Or = 2,
  And = 3,
  Comparison = 4,
  Concat = 5,
  Range = 6,
  Additive = 7,
  Multiplicative = 8,
  Union = 9,
  IntersectExcept = 10,
  InstanceOf = 11,
  Treat = 12,
  Castable = 13,
  Cast = 14,
  Arrow = 15,
  Unary = 16,
  SimpleMap = 17,
  Path = 18,
  Postfix = 19,
}

interface Printed {
  readonly text: string
  readonly level: Level
}

const BINARY: Readonly<Record<string, { op: string; level: Level; assoc: boolean }>> = {
  orOp: { op: 'or', level: Level.Or, assoc: true },
  andOp: { op: 'and', level: Level.And, assoc: true },
  equalOp: { op: '=', level: Level.Comparison, assoc: false },
  notEqualOp: { op: '!=', level: Level.Comparison, assoc: false },
  lessThanOp: { op: '<', level: Level.Comparison, assoc: false },
  lessThanOrEqualOp: { op: '<=', level: Level.Comparison, assoc: false },
  greaterThanOp: { op: '>', level: Level.Comparison, assoc: false },
  greaterThanOrEqualOp: { op: '>=', level: Level.Comparison, assoc: false },
  eqOp: { op: 'eq', level: Level.Comparison, assoc: false },
  neOp: { op: 'ne', level: Level.Comparison, assoc: false },
  ltOp: { op: 'lt', level: Level.Comparison, assoc: false },
  leOp: { op: 'le', level: Level.Comparison, assoc: false },
  gtOp: { op: 'gt', level: Level.Comparison, assoc: false },
  geOp: { op: 'ge', level: Level.Comparison, assoc: false },
  isOp: { op: 'is', level: Level.Comparison, assoc: false },
  nodeBeforeOp: { op: '<<', level: Level.Comparison, assoc: false },
  nodeAfterOp: { op: '>>', level: Level.Comparison, assoc: false },
  stringConcatenateOp: { op: '||', level: Level.Concat, assoc: true },
  addOp: { op: '+', level: Level.Additive, assoc: true },
  subtractOp: { op: '-', level: Level.Additive, assoc: true },
  multiplyOp: { op: '*', level: Level.Multiplicative, assoc: true },
  divOp: { op: 'div', level: Level.Multiplicative, assoc: true },
  idivOp: { op: 'idiv', level: Level.Multiplicative, assoc: true },
  modOp: { op: 'mod', level: Level.Multiplicative, assoc: true },
  unionOp: { op: '|', level: Level.Union, assoc: true },
  intersectOp: { op: 'intersect', level: Level.IntersectExcept, assoc: true },
  exceptOp: { op: 'except', level: Level.IntersectExcept, assoc: true },
}

/** XPath text of an expression tree. */
export function printXPath(node: XqxNode): string {
  return print(node).text
}

function at(node: XqxNode, min: Level): string {
  const printed = print(node)
  return printed.level < min ? `(${printed.text})` : printed.text
}

function primary(text: string): Printed {
  return { text, level: Level.Postfix }
}

function print(node: XqxNode): Printed {
  const binary = BINARY[node.tag]
  if (binary) {
    const left = inner(childTagged(node, 'firstOperand'))
    const right = inner(childTagged(node, 'secondOperand'))
    const l = at(left, binary.assoc ? binary.level : binary.level + 1)
    const r = at(right, binary.level + 1)
    return { text: `${l} ${binary.op} ${r}`, level: binary.level }
  }
  switch (node.tag) {
    case 'integerConstantExpr':
    case 'decimalConstantExpr':
    case 'doubleConstantExpr':
      return primary(textOf(childTagged(node, 'value')))
    case 'stringConstantExpr':
      return primary(stringLiteral(textOf(childTagged(node, 'value'))))
    case 'varRef':
      return primary(`$${qualifiedName(childTagged(node, 'name')!)}`)
    case 'contextItemExpr':
      return primary('.')
    case 'rootExpr':
      return primary('(/)')
    case 'sequenceExpr':
      return primary(`(${node.children.map((c) => at(c, Level.Single)).join(', ')})`)
    case 'pathExpr':
      return printPath(node)
    case 'functionCallExpr':
      return primary(
        `${qualifiedName(childTagged(node, 'functionName')!)}(${printArguments(childTagged(node, 'arguments'))})`,
      )
    case 'namedFunctionRef':
      return primary(
        `${qualifiedName(childTagged(node, 'functionName')!)}#${textOf(childTagged(childTagged(node, 'integerConstantExpr')!, 'value'))}`,
      )
    case 'dynamicFunctionInvocationExpr':
      return primary(
        `${at(inner(childTagged(node, 'functionItem')), Level.Postfix)}(${printArguments(childTagged(node, 'arguments'))})`,
      )
    case 'inlineFunctionExpr':
      return primary(printInlineFunction(node))
    case 'arrowExpr':
      return printArrow(node)
    case 'unaryMinusOp':
    case 'unaryPlusOp': {
      const operand = at(inner(childTagged(node, 'operand')), Level.Unary)
      return { text: `${node.tag === 'unaryMinusOp' ? '-' : '+'}${operand}`, level: Level.Unary }
    }
    case 'simpleMapExpr':
      return {
        text: node.children.map((c, i) => at(c, i === 0 ? Level.SimpleMap : Level.Path)).join(' ! '),
        level: Level.SimpleMap,
      }
    case 'rangeSequenceExpr':
      return {
        text: `${at(inner(childTagged(node, 'startExpr')), Level.Additive)} to ${at(inner(childTagged(node, 'endExpr')), Level.Additive)}`,
        level: Level.Range,
      }
    case 'instanceOfExpr':
      return {
        text: `${at(inner(childTagged(node, 'argExpr')), Level.Treat)} instance of ${printSequenceType(childTagged(node, 'sequenceType')!)}`,
        level: Level.InstanceOf,
      }
    case 'treatExpr':
      return {
        text: `${at(inner(childTagged(node, 'argExpr')), Level.Castable)} treat as ${printSequenceType(childTagged(node, 'sequenceType')!)}`,
        level: Level.Treat,
      }
    case 'castableExpr':
      return {
        text: `${at(inner(childTagged(node, 'argExpr')), Level.Cast)} castable as ${printSingleType(childTagged(node, 'singleType')!)}`,
        level: Level.Castable,
      }
    case 'castExpr':
      return {
        text: `${at(inner(childTagged(node, 'argExpr')), Level.Arrow)} cast as ${printSingleType(childTagged(node, 'singleType')!)}`,
        level: Level.Cast,
      }
    case 'ifThenElseExpr':
      return {
        text: `if (${at(inner(childTagged(node, 'ifClause')), Level.Expr)}) then ${at(inner(childTagged(node, 'thenClause')), Level.Single)} else ${at(inner(childTagged(node, 'elseClause')), Level.Single)}`,
        level: Level.Single,
      }
    case 'flworExpr':
      return { text: printFlwor(node), level: Level.Single }
    case 'quantifiedExpr':
      return { text: printQuantified(node), level: Level.Single }
    case 'mapConstructor':
      return primary(
        `map{${childrenTagged(node, 'mapConstructorEntry')
          .map(
            (e) =>
              `${at(inner(childTagged(e, 'mapKeyExpr')), Level.Single)}: ${at(inner(childTagged(e, 'mapValueExpr')), Level.Single)}`,
          )
          .join(', ')}}`,
      )
    case 'arrayConstructor': {
      const square = childTagged(node, 'squareArray')
      if (square)
        return primary(
          `[${childrenTagged(square, 'arrayElem')
            .map((e) => at(inner(e), Level.Single))
            .join(', ')}]`,
        )
      const curly = childTagged(node, 'curlyArray')!
      const element = childTagged(curly, 'arrayElem')
      return primary(`array{${element ? at(inner(element), Level.Expr) : ''}}`)
    }
    case 'unaryLookup':
      return primary(`?${printKeySpecifier(node.children[0]!)}`)
    default:
      throw new Error(`internal error: cannot print XQueryX element ${node.tag}`)
  }
}

function printArguments(args: XqxNode | undefined): string {
  if (!args) return ''
  return args.children.map((a) => (a.tag === 'argumentPlaceholder' ? '?' : at(a, Level.Single))).join(', ')
}

function printPath(node: XqxNode): Printed {
  const parts = node.children
  const rooted = parts[0]?.tag === 'rootExpr'
  const steps = rooted ? parts.slice(1) : parts
  if (steps.length === 0) return primary('(/)')
  if (!rooted && steps.length === 1) return printStep(steps[0]!, true)
  let text = rooted ? '/' : ''
  let printed = 0
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!
    // `//` abbreviates `/descendant-or-self::node()/` between steps and after the root
    if (isAbbreviatedDescendant(step) && i < steps.length - 1 && (rooted || printed > 0)) {
      text += printed === 0 ? '/' : '//'
      continue
    }
    if (printed > 0 && !text.endsWith('/')) text += '/'
    text += printStep(step, false).text
    printed++
  }
  return { text, level: Level.Path }
}

function isAbbreviatedDescendant(step: XqxNode): boolean {
  return (
    step.tag === 'stepExpr' &&
    step.children.length === 2 &&
    textOf(childTagged(step, 'xpathAxis')) === 'descendant-or-self' &&
    childTagged(step, 'anyKindTest') !== undefined
  )
}

function printStep(step: XqxNode, alone: boolean): Printed {
  const filter = childTagged(step, 'filterExpr')
  if (filter) {
    const postfix = step.children.filter((c) => c !== filter)
    const base = print(inner(filter))
    if (postfix.length === 0 && alone) return base
    let text = base.level < Level.Postfix ? `(${base.text})` : base.text
    for (const part of postfix) text += printPostfix(part)
    return { text, level: Level.Postfix }
  }
  const axis = textOf(childTagged(step, 'xpathAxis'))
  const test = step.children.find((c) => c.tag !== 'xpathAxis' && c.tag !== 'predicates' && c.tag !== 'predicate')!
  const testText = printNodeTest(test)
  let text: string
  if (axis === 'child' && test.tag !== 'attributeTest' && test.tag !== 'schemaAttributeTest') text = testText
  else if (axis === 'attribute') text = `@${testText}`
  else if (axis === 'parent' && test.tag === 'anyKindTest') text = '..'
  else text = `${axis}::${testText}`
  for (const part of step.children)
    if (part.tag === 'predicates' || part.tag === 'predicate') text += printPostfix(part)
  return { text, level: Level.Path }
}

function printPostfix(part: XqxNode): string {
  switch (part.tag) {
    case 'predicates':
      return part.children.map((p) => `[${at(p, Level.Expr)}]`).join('')
    case 'predicate':
      return `[${at(inner(part), Level.Expr)}]`
    case 'lookup':
      return `?${printKeySpecifier(part.children[0]!)}`
    default:
      throw new Error(`internal error: cannot print postfix ${part.tag}`)
  }
}

function printKeySpecifier(key: XqxNode): string {
  switch (key.tag) {
    case 'NCName':
      return textOf(key)
    case 'star':
      return '*'
    case 'integerConstantExpr':
      return textOf(childTagged(key, 'value'))
    default:
      return `(${at(key, Level.Expr)})`
  }
}

function printInlineFunction(node: XqxNode): string {
  const params = childrenTagged(childTagged(node, 'paramList') ?? node, 'param').map((p) => {
    const declared = childTagged(p, 'typeDeclaration')
    return `$${qualifiedName(childTagged(p, 'varName')!)}${declared ? ` as ${printTypeDeclaration(declared)}` : ''}`
  })
  const result = childTagged(node, 'typeDeclaration')
  const body = childTagged(node, 'functionBody')
  const bodyText = body && body.children[0] ? at(body.children[0], Level.Expr) : ''
  return `function(${params.join(', ')})${result ? ` as ${printTypeDeclaration(result)}` : ''} { ${bodyText} }`
}

function printTypeDeclaration(declaration: XqxNode): string {
  // a typeDeclaration holds the parts of a SequenceType directly
  return printSequenceType(declaration)
}

function printArrow(node: XqxNode): Printed {
  const argument = at(inner(childTagged(node, 'argExpr')), Level.Arrow)
  const name = childTagged(node, 'EQName')
  let target: string
  if (name) target = qualifiedName(name)
  else {
    const specifier = node.children.find((c) => c.tag !== 'argExpr' && c.tag !== 'arguments')!
    target = at(specifier, Level.Postfix)
  }
  return { text: `${argument} => ${target}(${printArguments(childTagged(node, 'arguments'))})`, level: Level.Arrow }
}

function printFlwor(node: XqxNode): string {
  let text = ''
  for (const clause of node.children) {
    if (clause.tag === 'forClause') {
      const bindings = childrenTagged(clause, 'forClauseItem').map((item) => {
        const binding = childTagged(item, 'typedVariableBinding')!
        return `$${qualifiedName(childTagged(binding, 'varName')!)} in ${at(inner(childTagged(item, 'forExpr')), Level.Single)}`
      })
      text += `for ${bindings.join(', ')} return `
    } else if (clause.tag === 'letClause') {
      const bindings = childrenTagged(clause, 'letClauseItem').map((item) => {
        const binding = childTagged(item, 'typedVariableBinding')!
        return `$${qualifiedName(childTagged(binding, 'varName')!)} := ${at(inner(childTagged(item, 'letExpr')), Level.Single)}`
      })
      text += `let ${bindings.join(', ')} return `
    } else if (clause.tag === 'returnClause') {
      text += at(inner(clause), Level.Single)
    } else throw new Error(`internal error: cannot print clause ${clause.tag}`)
  }
  return text
}

function printQuantified(node: XqxNode): string {
  const quantifier = textOf(childTagged(node, 'quantifier'))
  const clauses = childrenTagged(node, 'quantifiedExprInClause').map((clause) => {
    const binding = childTagged(clause, 'typedVariableBinding')!
    return `$${qualifiedName(childTagged(binding, 'varName')!)} in ${at(inner(childTagged(clause, 'sourceExpr')), Level.Single)}`
  })
  return `${quantifier} ${clauses.join(', ')} satisfies ${at(inner(childTagged(node, 'predicateExpr')), Level.Single)}`
}

/** A string literal in double quotes (a quote is doubled). */
export function stringLiteral(value: string): string {
  return `"${value.replace(/"/g, '""')}"`
}
