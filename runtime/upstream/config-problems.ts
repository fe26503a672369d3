/**
 * Problems found while checking an upstream configuration object (upstream.md UP-CFG-1, UP-OPT-1,
 * UP-PROXY-1): errors (RF at run time, CE when static) and warnings (RW / CW). Each problem keeps the
 * path of the offending value inside the object, so the compiler can point at it when it knows where
 * the value was written (`x-svc-proxy`), and the run time can name it in the RF info.
 */

/** Member names and array indexes from the configuration object's root. */
export type ConfigPath = readonly (string | number)[]

export interface ConfigProblem {
  readonly severity: 'error' | 'warning'
  readonly path: ConfigPath
  readonly message: string
}

export class ConfigProblems {
  readonly items: ConfigProblem[] = []

  error(path: ConfigPath, message: string): void {
    this.items.push({ severity: 'error', path, message })
  }

  warning(path: ConfigPath, message: string): void {
    this.items.push({ severity: 'warning', path, message })
  }

  get hasErrors(): boolean {
    return this.items.some((problem) => problem.severity === 'error')
  }

  /** The first error's message (the RF reason), or undefined. */
  get firstError(): string | undefined {
    return this.items.find((problem) => problem.severity === 'error')?.message
  }
}

/** `options.timeout`, `query[2].name`: how a path is written in messages. */
export function pathText(path: ConfigPath): string {
  let text = ''
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(part)) text += text === '' ? part : `.${part}`
    else text += `[${JSON.stringify(part)}]`
  }
  return text
}
