/**
 * The output formats of svc-compile's diagnostics (`--format`, operations.md CL4): `text` is the CL4
 * shape for people (stderr), the others are documents for tools (stdout).
 */
export const DIAGNOSTIC_FORMATS = ['text', 'json', 'sarif', 'github'] as const

export type DiagnosticFormat = (typeof DIAGNOSTIC_FORMATS)[number]

export function isDiagnosticFormat(value: string): value is DiagnosticFormat {
  return (DIAGNOSTIC_FORMATS as readonly string[]).includes(value)
}

/** What every machine format needs besides the diagnostics. */
export interface MachineFormatOptions {
  /** Directory that file names are made relative to (the current directory). */
  readonly cwd: string
  /** Leave out warnings and notes (`--quiet`); counts still include them. */
  readonly quiet?: boolean
  /** The compiler's name and version (the package's). */
  readonly tool: { readonly name: string; readonly version: string }
}
