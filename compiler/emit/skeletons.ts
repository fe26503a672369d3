/**
 * Fills the skeleton modules of `templates/` with ts-morph: the skeletons are ordinary, type-checked
 * TypeScript; emitters only supply names and builder output for their marked slots.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { IndentationText, Project, QuoteKind, SyntaxKind, type SourceFile } from 'ts-morph'
import type { Code, Name } from './code.js'
import { packageRoot } from '../package-root.js'

const SKELETON_IMPORT = /^import [^\n]+ from 'svc-gateway\/runtime'\n/m

/** One ts-morph project per compile; skeleton texts are read once. */
export class SkeletonWriter {
  readonly #project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Single },
  })
  readonly #texts = new Map<string, string>()
  #counter = 0

  #skeleton(name: string): SourceFile {
    let text = this.#texts.get(name)
    if (text === undefined) {
      text = readFileSync(join(packageRoot(), 'templates', name), 'utf8')
      this.#texts.set(name, text)
    }
    // Generated modules start with their own header and imports instead of the skeleton's.
    const body = text.replace(/^\/\*\*[\s\S]*?\*\/\n/, '').replace(SKELETON_IMPORT, '')
    return this.#project.createSourceFile(`/m${++this.#counter}.ts`, body, { overwrite: true })
  }

  /**
   * The function of a flow module from templates/handler-module.ts (without imports). `return CONTINUE`
   * is kept only when the body can run to its end.
   */
  flowFunction(functionName: Name, body: Code, docComment: string): string {
    const file = this.#skeleton('handler-module.ts')
    const fn = file.getFunctionOrThrow('HANDLER_NAME')
    fn.getNameNodeOrThrow().replaceWithText(functionName.text)
    fn.addJsDoc(docComment)
    fn.setBodyText(body.text)
    if (fn.getStatements().at(-1)?.getKind() !== SyntaxKind.ReturnStatement) fn.addStatements('return CONTINUE')
    return file.getFullText().trim()
  }

  /** The entry module's statements from templates/server-entry.ts (without imports). */
  serverEntry(): string {
    const file = this.#skeleton('server-entry.ts')
    file.getVariableStatementOrThrow((statement) => statement.getText().includes('declare const APP')).remove()
    return file
      .getFullText()
      .replace(/^import [^\n]+\n/gm, '')
      .replace(/\/\/ @slot app:[^\n]*\n/, '')
      .trim()
  }
}

/** A whole module: header comment, imports, hoisted constants, then the rest. */
export function assembleModule(header: Code, imports: readonly Code[], constants: readonly Code[], rest: string): string {
  const parts = [header.text, imports.map((i) => i.text).join('\n')]
  if (constants.length > 0) parts.push(constants.map((c) => c.text).join('\n'))
  parts.push(rest.trim())
  return parts.filter((part) => part !== '').join('\n\n') + '\n'
}
