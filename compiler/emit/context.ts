/**
 * What emitters get while writing one generated module: runtime imports, hoisted module-level
 * constants (deduplicated by content), references to other flows' functions, and positions written
 * as `file:line:col` relative to the site root.
 */
import { relative } from 'node:path'

import type * as RuntimeSurface from '../../runtime/surface.js'
import type { RuntimeTypeName } from '../../runtime/surface.js'
import { invariant } from '../diagnostics/invariant.js'
import { lineColOf, type Loc } from '../diagnostics/source.js'
import { Code, comment, identifier, importCode, joinCode, js, type Name } from './code.js'

/** A value generated code may import from `svc-gateway/runtime` (runtime/surface.ts). */
export type RuntimeName = keyof typeof RuntimeSurface

export interface FlowSymbol {
  /** Function name of the flow. */
  readonly name: Name
  /** Module path relative to `src/`, e.g. `flows/cart.ts`. */
  readonly modulePath: string
  /** Site-relative path of the flow file, e.g. `flows/cart.xml`. */
  readonly file: string
}

/** Facts about the whole project that every module emitter may read. */
export interface ProjectSymbols {
  readonly siteRoot: string
  /** Flow symbols by absolute flow path. */
  readonly flows: ReadonlyMap<string, FlowSymbol>
}

export class EmitContext {
  readonly #runtime = new Set<string>()
  readonly #runtimeTypes = new Set<string>()
  readonly #constants: { name: Name; init: Code }[] = []
  readonly #constantsByText = new Map<string, Name>()
  readonly #counters = new Map<string, number>()
  readonly #flowImports = new Map<string, FlowSymbol>()

  constructor(
    readonly project: ProjectSymbols,
    /** This module's path relative to `src/`. */
    readonly modulePath: string,
  ) {}

  /** A value export of `svc-gateway/runtime`, imported once; the surface lists every name. */
  runtime(name: RuntimeName): Name {
    this.#runtime.add(name)
    return identifier(name)
  }

  /** A type export of `svc-gateway/runtime`. */
  runtimeType(name: RuntimeTypeName): Name {
    this.#runtimeTypes.add(name)
    return identifier(name)
  }

  /** A module-level `const PREFIX_n = init`; the same init text gives the same constant. */
  hoist(prefix: string, init: Code): Name {
    const existing = this.#constantsByText.get(`${prefix}\0${init.text}`)
    if (existing) return existing
    const n = (this.#counters.get(prefix) ?? 0) + 1
    this.#counters.set(prefix, n)
    const name = identifier(`${prefix}_${n}`)
    this.#constants.push({ name, init })
    this.#constantsByText.set(`${prefix}\0${init.text}`, name)
    return name
  }

  /** The function of another flow (imported unless it is this module's own). */
  flowFunction(absolutePath: string): Name {
    const symbol = this.project.flows.get(absolutePath)
    invariant(symbol, `no symbol for flow ${absolutePath}`)
    if (symbol.modulePath !== this.modulePath) this.#flowImports.set(symbol.modulePath, symbol)
    return symbol.name
  }

  /** Site-relative path of a file. */
  sitePath(absolutePath: string): string {
    return relative(this.project.siteRoot, absolutePath).split('\\').join('/')
  }

  /** `flows/x.xml:3:5` for a location (used in comments and run-time error info). */
  at(loc: Loc): string {
    const { line, column } = lineColOf(loc.file, loc.start)
    return `${this.sitePath(loc.file.path)}:${line}:${column}`
  }

  /** `// flows/x.xml:3:5 <tag ...>` comment placed before each statement. */
  sourceComment(loc: Loc, what: string): Code {
    return comment(`${this.at(loc)} ${what}`)
  }

  /** Import declarations, sorted. */
  imports(): Code[] {
    const lines: Code[] = []
    const values = [...this.#runtime].sort()
    const types = [...this.#runtimeTypes].filter((t) => !this.#runtime.has(t)).sort()
    const specifiers = [...values.map(identifier), ...types.map((t) => js`type ${identifier(t)}`)]
    if (specifiers.length > 0) lines.push(importCode(js`{ ${joinCode(specifiers, ', ')} }`, 'svc-gateway/runtime'))
    const flows = [...this.#flowImports.values()].sort((a, b) => (a.modulePath < b.modulePath ? -1 : 1))
    for (const symbol of flows)
      lines.push(importCode(js`{ ${symbol.name} }`, relativeModule(this.modulePath, symbol.modulePath)))
    return lines
  }

  /** Hoisted constant declarations in creation order. */
  constants(): Code[] {
    return this.#constants.map(({ name, init }) => js`const ${name} = ${init}`)
  }
}

/** `./other.js` style specifier from one generated module to another. */
export function relativeModule(from: string, to: string): string {
  const fromDir = from.split('/').slice(0, -1)
  const toParts = to.replace(/\.ts$/, '.js').split('/')
  let common = 0
  while (common < fromDir.length && fromDir[common] === toParts[common]) common++
  const up = fromDir.slice(common).map(() => '..')
  const rest = toParts.slice(common)
  const path = [...up, ...rest].join('/')
  return path.startsWith('.') ? path : `./${path}`
}
