/**
 * One build for `--serve` (operations.md CL6, CL7): all compile-time checks, the generated modules in
 * memory (no type-check of the generated code, as in every build without `--typecheck`), then
 * bundled and imported as a CompiledApp. A failure carries its diagnostics, or the message of an
 * internal error, and changes nothing that is being served.
 */
import type { CompiledApp } from '../../runtime/app.js'
import type { Diagnostic } from '../diagnostics/diagnostic.js'
import { compile, type CompileSummary } from '../index.js'
import type { AppBundler } from './bundle-app.js'

export type ServeBuild =
  | {
      readonly ok: true
      readonly app: CompiledApp
      readonly summary: CompileSummary
      readonly diagnostics: readonly Diagnostic[]
      readonly ms: number
    }
  | {
      readonly ok: false
      readonly diagnostics: readonly Diagnostic[]
      readonly failure: string | null
      readonly ms: number
    }

export async function buildForServe(
  definition: string,
  bundler: AppBundler,
  revision: string | undefined,
): Promise<ServeBuild> {
  const started = performance.now()
  try {
    const result = await compile(definition, { revision })
    if (!result.ok || result.summary === null)
      return { ok: false, diagnostics: result.diagnostics, failure: null, ms: performance.now() - started }
    const app = await bundler.load(result.modules)
    return { ok: true, app, summary: result.summary, diagnostics: result.diagnostics, ms: performance.now() - started }
  } catch (error) {
    const failure = error instanceof Error ? (error.stack ?? error.message) : String(error)
    return { ok: false, diagnostics: [], failure, ms: performance.now() - started }
  }
}
