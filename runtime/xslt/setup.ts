/**
 * Where a build's XSLT files are (operations.md CL2: beside `server.mjs`, found relative to the bundle,
 * never to the working directory): the separately bundled engine `saxon.cjs` and the compiled
 * stylesheets under `xslt/`. Generated `src/xslt.ts` calls `xsltSetup(import.meta.url)`, which in the
 * bundle is the URL of `server.mjs`.
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export interface XsltSetup {
  /** Absolute path of the engine module (CommonJS). */
  readonly engine: string
  /** Absolute folder that the stylesheets' `sef` paths are relative to. */
  readonly dir: string
}

/** The file name of the bundled engine beside `server.mjs`. */
export const XSLT_ENGINE_FILE = 'saxon.cjs'

export function xsltSetup(bundleUrl: string): XsltSetup {
  const dir = dirname(fileURLToPath(bundleUrl))
  return Object.freeze({ engine: join(dir, XSLT_ENGINE_FILE), dir })
}
