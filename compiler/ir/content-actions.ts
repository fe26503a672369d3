/**
 * IR of the actions that read a location, change or send its value and write the result (actions.md
 * `copy`, `regex`, `nameshave`, `pass-body`, `serve`, `xslt`; flows.md F-LOC-1). Produced by
 * compiler/flow/actions, read by compiler/validate, compiler/xslt and compiler/emit.
 */
import type { Loc, SourceFile } from '../diagnostics/source.js'
import type { ActionBase, LocationNode, TextValue } from './statement-parts.js'

/** An `out` location (F-LOC-1 "Write"): a variable or a content location. */
export type WritableLocationNode = Extract<LocationNode, { kind: 'variable' | 'main-content' | 'upstream-content' }>

/** `<copy in out/>` (ACT-copy-1..3). */
export interface CopyNode extends ActionBase {
  readonly kind: 'copy'
  readonly input: LocationNode
  readonly output: WritableLocationNode
}

/** `<regex pattern replace in out/>` (ACT-regex-1..5); the pattern is translated at compile time. */
export interface RegexNode extends ActionBase {
  readonly kind: 'regex'
  readonly input: LocationNode
  readonly output: WritableLocationNode
  /** The JavaScript source and flags (`g` included) of the translated pattern. */
  readonly source: string
  readonly flags: string
  /** ACT-regex-3: literal text and capture group numbers, in order. */
  readonly replacement: readonly (string | number)[]
}

/** `<nameshave in out/>` (ACT-nameshave-1..4). */
export interface NameshaveNode extends ActionBase {
  readonly kind: 'nameshave'
  readonly input: LocationNode
  readonly output: WritableLocationNode
}

/** `<pass-body request mime status/>` (ACT-pass-body-1..4); terminating. */
export interface PassBodyNode extends ActionBase {
  readonly kind: 'pass-body'
  /** The request ID (`main` when absent). */
  readonly request: TextValue | null
  /** Null when absent or statically empty (F-RESP-5 step 1). */
  readonly mime: TextValue | null
  readonly status: TextValue | null
}

/** `<serve dir fallback-doc terminate out/>` (ACT-serve-1..8, operations.md FS1-FS5). */
export interface ServeNode extends ActionBase {
  readonly kind: 'serve'
  /** The document root, site-relative and normalised ('' for the site root). */
  readonly dir: string
  /** The fallback document, site-relative and normalised. */
  readonly fallback: string
  readonly terminate: boolean
  readonly output: WritableLocationNode
}

/** How a stylesheet serializes its result (`xsl:output`, ACT-xslt-3); null where it says nothing. */
export interface StylesheetOutput {
  readonly method: string | null
  readonly mediaType: string | null
}

/** A document a stylesheet reads with a literal `document('…')` URI (ACT-xslt-5). */
export interface StylesheetDocument {
  /** The absolute `svc://` URI the engine asks for. */
  readonly uri: string
  /** What it names (F-LOC-1): a site file (site-relative path) or a content location. */
  readonly location:
    | { readonly kind: 'file'; readonly path: string }
    | { readonly kind: 'main-content' }
    | { readonly kind: 'upstream-content'; readonly id: string }
    | { readonly kind: 'empty-document' }
}

/** A stylesheet named by `xslt src`, loaded and checked at compile time (ACT-xslt-1). */
export interface StylesheetNode {
  readonly kind: 'stylesheet'
  /** The `src` attribute that names it. */
  readonly loc: Loc
  /** Site-relative path of the main module. */
  readonly path: string
  /** The main module, then every module it includes or imports (first reference order). */
  readonly modules: readonly SourceFile[]
  /** SHA-256 (hex) of the compiler version and every module's path and text: the compile cache key. */
  readonly hash: string
  /** File name of the compiled stylesheet inside the output folder, e.g. `xslt/feed-1a2b3c4d5e6f.sef.json`. */
  readonly sef: string
  readonly output: StylesheetOutput
  readonly documents: readonly StylesheetDocument[]
}

/** `<xslt src in out cache/>` (ACT-xslt-1..5). */
export interface XsltNode extends ActionBase {
  readonly kind: 'xslt'
  readonly input: LocationNode
  readonly output: WritableLocationNode
  readonly stylesheet: StylesheetNode
}
