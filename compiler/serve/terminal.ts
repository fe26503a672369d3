/**
 * What svc-compile prints besides the diagnostics themselves (operations.md CL4): colour when the
 * stream is a terminal (unless NO_COLOR is set or TERM is dumb) or when FORCE_COLOR asks for it, the
 * one-line summaries of a build, a served build and a rebuild. Diagnostic lines keep the exact CL4
 * text; colour only wraps the severity word, the code and the caret line.
 */
import { formatSeconds } from '../diagnostics/format.js'

export interface OutputStream {
  write(text: string): unknown
  readonly isTTY?: boolean
}

/**
 * Whether to colour what goes to `stream`. FORCE_COLOR (non-empty) decides first, as in Node itself:
 * `0` or `false` turns colour off, any other value on, terminal or not (CI logs render colour).
 * Otherwise colour needs a terminal, NO_COLOR empty or unset, and a TERM other than `dumb`.
 */
export function useColour(
  stream: OutputStream,
  env: Readonly<Record<string, string | undefined>> = process.env,
): boolean {
  const force = env['FORCE_COLOR']
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false'
  return stream.isTTY === true && (env['NO_COLOR'] === undefined || env['NO_COLOR'] === '') && env['TERM'] !== 'dumb'
}

const RED = '\u001b[1;31m'
const YELLOW = '\u001b[1;33m'
const CYAN = '\u001b[1;36m'
const GREEN = '\u001b[32m'
const DIM = '\u001b[2m'
const RESET = '\u001b[0m'

/** Colours the severity of each diagnostic line and the caret of each code frame. */
export function colourReport(report: string): string {
  return report
    .split('\n')
    .map((line) => {
      if (line.startsWith(' ')) return /^ +\|[ \t]*\^$/.test(line) ? line.replace(/\^$/, `${GREEN}^${RESET}`) : line
      return line
        .replace(/: (error|warning|note): /, (_all, severity: string) => {
          const colour = severity === 'error' ? RED : severity === 'warning' ? YELLOW : CYAN
          return `: ${colour}${severity}${RESET}: `
        })
        .replace(/ \[([a-z]+\/[a-z0-9-]+)\]$/, ` ${DIM}[$1]${RESET}`)
    })
    .join('\n')
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`
}

export function seconds(ms: number): string {
  return formatSeconds(ms)
}

export interface BuildFacts {
  readonly routes: number
  readonly flows: number
  readonly revision: string
}

/** `4 routes, 5 flows` */
export function describeBuild(facts: BuildFacts): string {
  return `${plural(facts.routes, 'route')}, ${plural(facts.flows, 'flow')}`
}
