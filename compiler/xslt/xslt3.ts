/**
 * The XSLT compiler: Saxonica's `xslt3` command (an optional dependency, dependencies.md section 3),
 * run as its own Node process once per stylesheet: `xslt3 -xsl:<main> -export:<sef> -nogo
 * -relocate:on`. It reports the first problem only, on stderr; exit status 0 means the SEF file was
 * written.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

import { packageRoot } from '../package-root.js'

function requireFromPackage(): NodeJS.Require {
  return createRequire(join(packageRoot(), 'package.json'))
}

/** The path of a file of an installed package, or undefined when the package is missing. */
export function installedFile(specifier: string): string | undefined {
  try {
    return requireFromPackage().resolve(specifier)
  } catch {
    return undefined
  }
}

/** The installed `xslt3` version, or undefined when it is not installed. */
export function xsltCompilerVersion(): string | undefined {
  const manifest = installedFile('xslt3/package.json')
  return manifest === undefined
    ? undefined
    : (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
}

export interface XsltRun {
  /** Exit status; null when the process was killed. */
  readonly status: number | null
  readonly stderr: string
}

/** Compiles `stylesheet` (an absolute path) to `sefFile`; resolves when the process has ended. */
export function runXslt3(stylesheet: string, sefFile: string): Promise<XsltRun> {
  const command = installedFile('xslt3/xslt3.js')
  if (command === undefined)
    return Promise.resolve({ status: null, stderr: 'the optional package xslt3 is not installed' })
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [command, `-xsl:${stylesheet}`, `-export:${sefFile}`, '-nogo', '-relocate:on'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    )
    let stderr = ''
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => (stderr += chunk))
    child.on('error', (error) => resolve({ status: null, stderr: error.message }))
    child.on('close', (status) => resolve({ status, stderr }))
  })
}
