/**
 * Turns the stderr of a failed `xslt3` run into a CE located in the stylesheet (actions.md
 * ACT-xslt-1). The command prints one problem in one of these shapes:
 *
 *   Error XTSE0010 on line 4 in flows/unk.xsl:            (the last two path segments of the module)
 *     xsl:bogus is not a known XSLT element
 *   Error XPST0003:
 *     Static error in XPath on line 3 {count(//item}: expected ")", found <eof>
 *   Error FODC0002:
 *     Failed parsing XML in file:///…/s.xsl: Unexpected close tag at line 2 column 11   (0-based line)
 *
 * A line names a module by path suffix; an XPath error names only a line, so the module is the one
 * whose line holds the expression text. Anything unrecognised is reported at the `src` attribute.
 */
import { fileURLToPath } from 'node:url'

import { lineColOf, type Loc, locAt, type SourceFile } from '../diagnostics/source.js'

export interface StylesheetProblem {
  readonly loc: Loc
  readonly message: string
}

/** The problem `stderr` describes, placed in one of `modules` (the main module first) or at `srcLoc`. */
export function stylesheetProblem(stderr: string, modules: readonly SourceFile[], srcLoc: Loc): StylesheetProblem {
  const lines = stderr.split(/\r?\n/)
  const head = /^Error (\S+?)(?: on line (\d+) in (.+?))?:\s*$/.exec(lines[0] ?? '')
  const detail = lines
    .slice(1)
    .filter((line) => line.startsWith(' '))
    .map((line) => line.trim())
    .join(' ')
  if (head === null) {
    const text = stderr.trim().split(/\r?\n/)[0] || 'no compiled stylesheet was written'
    return { loc: srcLoc, message: `the stylesheet cannot be compiled: ${text}` }
  }
  const code = head[1]!
  const message = (reason: string) => `stylesheet error ${code}: ${reason}`
  if (head[2] !== undefined) {
    const module = modules.find((m) => m.path.endsWith(`/${head[3]}`) || m.path === head[3]) ?? modules[0]!
    return { loc: lineLoc(module, Number(head[2])), message: message(detail) }
  }
  const xpath = /^Static error in XPath on line (\d+) \{(.*)\}: (.*)$/.exec(detail)
  if (xpath)
    return {
      loc: expressionLoc(modules, Number(xpath[1]), xpath[2]!),
      message: message(`in {${xpath[2]}}: ${xpath[3]}`),
    }
  const parse = /^Failed parsing XML in (\S+?): (.*) at line (\d+) column (\d+)$/.exec(detail)
  if (parse) {
    const module = moduleOfUrl(modules, parse[1]!) ?? modules[0]!
    return { loc: lineLoc(module, Number(parse[3]) + 1, Number(parse[4])), message: message(parse[2]!) }
  }
  return { loc: srcLoc, message: message(detail) }
}

function moduleOfUrl(modules: readonly SourceFile[], url: string): SourceFile | undefined {
  try {
    const path = fileURLToPath(url)
    return modules.find((m) => m.path === path)
  } catch {
    return undefined
  }
}

/** Line `line` (1-based) of `file` at column `column`, or at its first non-white-space character. */
function lineLoc(file: SourceFile, line: number, column?: number): Loc {
  const start = lineStart(file, line)
  if (start === undefined) return locAt(file, 0)
  const end = lineEnd(file, start)
  const offset =
    column !== undefined
      ? Math.min(start + Math.max(0, column - 1), end)
      : start + Math.max(0, file.text.slice(start, end).search(/\S/))
  return locAt(file, offset)
}

/** Where an XPath expression is: the module whose line `line` holds it, else its first occurrence. */
function expressionLoc(modules: readonly SourceFile[], line: number, expression: string): Loc {
  const needle = expression.slice(0, 40)
  for (const file of modules) {
    const start = lineStart(file, line)
    if (start === undefined) continue
    const at = file.text.slice(start, lineEnd(file, start)).indexOf(needle)
    if (at >= 0) return locAt(file, start + at)
  }
  for (const file of modules) {
    const at = file.text.indexOf(needle)
    if (at >= 0) return locAt(file, at)
  }
  return lineLoc(modules[0]!, line)
}

function lineStart(file: SourceFile, line: number): number | undefined {
  if (line < 1) return undefined
  let offset = 0
  for (let n = 1; n < line; n++) {
    const next = file.text.slice(offset).search(/\r\n|\r|\n/)
    if (next < 0) return undefined
    offset += next + (file.text.startsWith('\r\n', offset + next) ? 2 : 1)
  }
  // the line/column computation of diagnostics agrees (operations.md CL4)
  return lineColOf(file, offset).line === line ? offset : undefined
}

function lineEnd(file: SourceFile, start: number): number {
  const next = file.text.slice(start).search(/\r|\n/)
  return next < 0 ? file.text.length : start + next
}
