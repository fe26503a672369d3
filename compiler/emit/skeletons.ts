/**
 * Fills the skeleton modules of `templates/`: the skeletons are ordinary, type-checked TypeScript;
 * emitters only supply names and builder output for their marked slots. ts-morph cuts the skeletons
 * into pieces (compiler/emit/skeleton-parts.ts) once, when the command is prepared; a build reads
 * those pieces from `build/skeletons.json` and only loads ts-morph when a skeleton is newer.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

import { packageRoot } from '../package-root.js'
import type { Code, Name } from './code.js'
import type { SkeletonParts } from './skeleton-parts.js'

/** Where scripts/build-cli.mjs writes the prepared pieces, relative to the package root. */
export const PREPARED_SKELETONS = 'build/skeletons.json'

/** The pieces of the skeletons: prepared ones when they are newer than every skeleton, else cut now. */
export async function loadSkeletons(): Promise<SkeletonParts> {
  const root = packageRoot()
  const prepared = join(root, PREPARED_SKELETONS)
  if (existsSync(prepared)) {
    const preparedAt = statSync(prepared).mtimeMs
    // the skeleton modules only: templates/init/ holds svc-compile init's files
    const skeletons = readdirSync(join(root, 'templates'))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => statSync(join(root, 'templates', name)).mtimeMs)
    if (skeletons.every((changed) => changed <= preparedAt))
      return JSON.parse(readFileSync(prepared, 'utf8')) as SkeletonParts
  }
  // Loaded here: ts-morph takes longer to load than a small build takes
  const { prepareSkeletons } = await import('./skeleton-parts.js')
  return prepareSkeletons(root)
}

/** Fills the skeletons' slots; one per compile. */
export class SkeletonWriter {
  readonly #parts: SkeletonParts

  constructor(parts: SkeletonParts) {
    this.#parts = parts
  }

  /**
   * The function of a flow module from templates/handler-module.ts (without imports). The skeleton's
   * final `return CONTINUE` is kept only when control can reach the end of the body.
   */
  flowFunction(functionName: Name, body: Code, reachesEnd: boolean, docComment: string): string {
    const { beforeName, afterName, fallThrough, close } = this.#parts.flowFunction
    const statements = body.text === '' ? [] : body.text.split('\n')
    if (reachesEnd) statements.push(fallThrough)
    const indented = statements.map((line) => (line === '' ? line : `  ${line}`))
    return [`/** ${docComment} */`, `${beforeName}${functionName.text}${afterName}`, ...indented, close].join('\n')
  }

  /** The entry module's statements from templates/server-entry.ts (without imports). */
  serverEntry(): string {
    return this.#parts.serverEntry
  }
}

/** A whole module: header comment, imports, hoisted constants, then the rest. */
export function assembleModule(
  header: Code,
  imports: readonly Code[],
  constants: readonly Code[],
  rest: string,
): string {
  const parts = [header.text, imports.map((i) => i.text).join('\n')]
  if (constants.length > 0) parts.push(constants.map((c) => c.text).join('\n'))
  parts.push(rest.trim())
  return parts.filter((part) => part !== '').join('\n\n') + '\n'
}
