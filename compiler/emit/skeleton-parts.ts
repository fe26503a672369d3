/**
 * Reads the skeleton modules of `templates/` with ts-morph and cuts them into the pieces the emitter
 * fills (architecture: skeletons are ordinary, type-checked TypeScript). Runs once when the command is
 * prepared (scripts/build-cli.mjs writes the result to `build/skeletons.json`), and only again when a
 * skeleton is newer than that file (compiler/emit/skeletons.ts): loading ts-morph costs more than the
 * rest of a small build.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { Project, SyntaxKind } from 'ts-morph'

/** The skeletons' pieces; the emitter puts names, comments and bodies between them. */
export interface SkeletonParts {
  /** templates/handler-module.ts: the flow function around its name and body slot. */
  readonly flowFunction: {
    /** Up to the function's name: `export async function `. */
    readonly beforeName: string
    /** From the name to the body's opening brace: `(ctx: FlowContext): Promise<Completion> {`. */
    readonly afterName: string
    /** The statement that ends a body control can run to the end of: `return CONTINUE`. */
    readonly fallThrough: string
    /** The body's closing brace. */
    readonly close: string
  }
  /** templates/server-entry.ts: the entry module's statements, without imports and the `APP` slot. */
  readonly serverEntry: string
}

/** The skeleton files the parts come from, relative to the package root. */
const SKELETON_FILES = { handler: 'templates/handler-module.ts', entry: 'templates/server-entry.ts' }

const SKELETON_IMPORT = /^import [^\n]+ from 'svc-gateway\/runtime'\n/m

/** A skeleton without its header comment and runtime import (generated modules have their own). */
function skeletonBody(root: string, file: string): string {
  return readFileSync(join(root, file), 'utf8')
    .replace(/^\/\*\*[\s\S]*?\*\/\n/, '')
    .replace(SKELETON_IMPORT, '')
}

/** The pieces of the skeletons under `root` (the package root). */
export function prepareSkeletons(root: string): SkeletonParts {
  const project = new Project({ useInMemoryFileSystem: true })

  const handler = project.createSourceFile('/handler-module.ts', skeletonBody(root, SKELETON_FILES.handler))
  const fn = handler.getFunctionOrThrow('HANDLER_NAME')
  const name = fn.getNameNodeOrThrow()
  const body = fn.getBody()?.asKindOrThrow(SyntaxKind.Block)
  const fallThrough = body?.getStatements().at(-1)?.asKindOrThrow(SyntaxKind.ReturnStatement)
  if (!body || !fallThrough)
    throw new Error('templates/handler-module.ts: HANDLER_NAME must have a body ending in its fall-through return')
  const text = handler.getFullText()
  const flowFunction = {
    beforeName: text.slice(fn.getStart(), name.getStart()),
    afterName: text.slice(name.getEnd(), body.getStart() + 1),
    fallThrough: fallThrough.getText(),
    close: '}',
  }

  const entry = project.createSourceFile('/server-entry.ts', skeletonBody(root, SKELETON_FILES.entry))
  entry.getVariableStatementOrThrow((statement) => statement.getText().includes('declare const APP')).remove()
  const serverEntry = entry
    .getFullText()
    .replace(/^import [^\n]+\n/gm, '')
    .replace(/\/\/ @slot app:[^\n]*\n/, '')
    .trim()

  return { flowFunction, serverEntry }
}
