/**
 * The template stage (templates.md; architecture: "Templates"): template text from a SubSource ->
 * TemplateNode, every expression parsed by compiler/xpath, positions mapped to the file where the
 * characters are written (T-SRC-3). `loadTemplateFile` reads a `src` template (T-SRC-1, T-ERR-12).
 */
import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import { createSourceFile, type Loc, subLoc, type SubSource, subSource } from '../diagnostics/source.js'
import type { TemplateNode } from '../ir/template.js'
import { DISK_FILES, type ProjectFiles } from '../project-files.js'
import { parseExpression } from '../xpath/index.js'
import type { ExpressionParser } from './expression.js'
import { lexTemplate } from './lexer.js'
import { parseTemplateParts } from './parser.js'
import { staticOutput } from './static-output.js'

export type { ExpressionParser } from './expression.js'

/**
 * Parses a template; undefined after reporting its problems (all of them, T-ERR). `parse` defaults to
 * compiler/xpath's parseExpression (the flow stage passes its own, LowerOptions.parseExpression).
 */
export function parseTemplate(
  sub: SubSource,
  bag: DiagnosticBag,
  parse: ExpressionParser = parseExpression,
): TemplateNode | undefined {
  const parsed = parseTemplateParts(sub, bag, parse)
  if (!parsed.ok) return undefined
  const output = parsed.body.every((part) => part.kind === 'text')
    ? staticOutput(sub, lexTemplate(sub.text))
    : undefined
  return {
    kind: 'template',
    loc: subLoc(sub, 0, sub.text.length),
    body: parsed.body,
    isStatic: output !== undefined,
    ...output,
    assigned: parsed.assigned,
  }
}

/**
 * Reads and parses the template file at `path` (absolute) named by a `src` attribute at `srcLoc`
 * (T-SRC-1: UTF-8, verbatim, a leading BOM ignored). A missing, unreadable or non-UTF-8 file is
 * T-ERR-12 at `srcLoc`; `shown` is the name used in the message (the attribute's text).
 */
export function loadTemplateFile(
  path: string,
  shown: string,
  srcLoc: Loc,
  bag: DiagnosticBag,
  parse: ExpressionParser = parseExpression,
  files: ProjectFiles = DISK_FILES,
): TemplateNode | undefined {
  let bytes: Uint8Array
  try {
    bytes = files.read(path)
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT'
    bag.error(
      missing ? 'template/file-not-found' : 'template/file-unreadable',
      srcLoc,
      `template file ${shown} ${missing ? 'not found' : 'cannot be read'}`,
    )
    return undefined
  }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    bag.error('template/file-not-utf8', srcLoc, `template file ${shown} is not valid UTF-8`)
    return undefined
  }
  const file = createSourceFile(path, text)
  return parseTemplate(subSource(file, file.text), bag, parse)
}
