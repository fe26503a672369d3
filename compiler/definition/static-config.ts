/**
 * Compile-time checks of static upstream configurations (upstream.md UP-CFG-1, UP-OPT-1, UP-GEN-2,
 * actions.md ACT-COMMON-3, ACT-request-1, ACT-requests-2): the run-time checker of runtime/upstream
 * runs on the template's static value; its errors become CEs and its warnings CWs, at the template
 * (a static template carries no finer positions). A validation or mocking option enabled without
 * `definition` is a CE (UP-VAL-2); the definition files are loaded by definitions.ts.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'

import { type ConfigPath, ConfigProblems } from '../../runtime/upstream/config-problems.js'
import type { UpstreamOptions } from '../../runtime/upstream/options.js'
import { checkRequestConfig, type ConfigSite } from '../../runtime/upstream/request-config.js'
import { parseTargetUrl } from '../../runtime/upstream/target-url.js'
import { optionsNeedingDefinition } from '../../runtime/upstream/upstream-contract.js'
import { JsonObject, type JsonValue } from '../../runtime/values/json-value.js'
import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import type { Loc } from '../diagnostics/source.js'

/** Reports the problems of a checker run; false when there were errors. */
export function reportProblems(
  problems: ConfigProblems,
  bag: DiagnosticBag,
  at: (path: ConfigPath) => Loc,
  what: string,
): boolean {
  for (const problem of problems.items) {
    if (problem.severity === 'error')
      bag.error('upstream/invalid-config', at(problem.path), `${what}: ${problem.message}`)
    else bag.warning('upstream/config-warning', at(problem.path), `${what}: ${problem.message}`)
  }
  return !problems.hasErrors
}

/** Where relative files of a configuration resolve (UP-NET-2): the site root and the file's directory. */
export interface FileBase {
  readonly siteRoot: string
  /** Site-relative directory of the flow or definition file ('' for the site root). */
  readonly dir: string
}

/** Checks a static request configuration (`request`, or one `requests` entry). */
export function checkStaticRequestConfig(
  value: JsonValue,
  site: ConfigSite,
  bag: DiagnosticBag,
  loc: Loc,
  what: string,
  files: FileBase,
  base: ConfigPath = [],
): boolean {
  const problems = new ConfigProblems()
  const config = checkRequestConfig(value, site, problems, base)
  if (config !== undefined) {
    if (config.url !== null) {
      const parsed = parseTargetUrl(config.url, config.encoding)
      if (!parsed.ok) problems.error([...base, 'url'], parsed.reason)
    }
    const options = value instanceof JsonObject ? value.get('options') : undefined
    checkDefinitionOptions(config.options, [...base, 'options'], problems)
    checkCertificateFile(options, [...base, 'options'], files, problems)
  }
  return reportProblems(problems, bag, () => loc, what)
}

/** UP-NET-2: a literal relative or `svc://site/` client certificate file must exist at compile time. */
export function checkCertificateFile(
  options: JsonValue | undefined,
  path: ConfigPath,
  files: FileBase,
  problems: ConfigProblems,
): void {
  const file = options instanceof JsonObject ? options.get('client-certificate-file') : undefined
  if (typeof file !== 'string' || file === '' || file.startsWith('/')) return
  const relative = file.startsWith('svc://site/')
    ? file.slice('svc://site/'.length)
    : files.dir === ''
      ? file
      : `${files.dir}/${file}`
  if (!existsSync(join(files.siteRoot, relative)))
    problems.error([...path, 'client-certificate-file'], `client-certificate-file ${file} not found`)
}

/** UP-VAL-2: `validate-*` and `mock-response` need `definition` (a CE when visible now). */
export function checkDefinitionOptions(options: UpstreamOptions, path: ConfigPath, problems: ConfigProblems): void {
  if (options.definition !== undefined) return
  for (const name of optionsNeedingDefinition(options))
    problems.error([...path, name], `${name} needs the option definition (the upstream's Swagger definition)`)
}
