/**
 * The `x-svc-*` extension table (definition.md section 3, D19-D22, CC7): which extension is
 * recognized at which level, errors for misplaced and unknown ones (with a suggestion), and the
 * warning for foreign extensions that look like ours (`x-acme-flow`, CC21).
 */
import { didYouMean, editDistance, type Suggestions, suggestionText } from '../diagnostics/did-you-mean.js'
import type { LoadContext } from './context.js'
import type { MapNode } from './doc-node.js'

/** What `checkExtensions` found at one level. */
export interface ExtensionScan {
  readonly recognized: ReadonlySet<string>
  /** An unknown `x-svc-*` key close to `x-svc-flow` / `x-svc-proxy` was reported (CC24). */
  readonly unknownHandler: boolean
}

export type ExtensionLevel = 'top' | 'paths' | 'path' | 'operation' | 'scheme'

/** Levels per extension, from the table of definition.md section 3. */
export const EXTENSION_LEVELS: Readonly<Record<string, readonly ExtensionLevel[]>> = {
  'x-svc-flow': ['top', 'paths', 'path', 'operation'],
  'x-svc-proxy': ['paths', 'path', 'operation'],
  'x-svc-init': ['top'],
  'x-svc-error': ['top'],
  'x-svc-default-flow': ['top'],
  'x-svc-cors': ['top'],
  'x-svc-validate': ['top', 'path', 'operation'],
  'x-svc-rate-limit': ['top', 'path', 'operation'],
  'x-svc-rate-limit-headers': ['top'],
  'x-svc-upstreams': ['top'],
  'x-svc-jwt': ['scheme'],
  'x-svc-cookiename': ['scheme'],
  'x-svc-basicauth': ['scheme'],
}

const HANDLER_EXTENSIONS = ['x-svc-flow', 'x-svc-proxy']

const LEVEL_PHRASES: Readonly<Record<ExtensionLevel, string>> = {
  top: 'at the top level',
  paths: 'in the paths object',
  path: 'in a path item',
  operation: 'in an operation',
  scheme: 'in a security scheme',
}

/** Scheme extensions and the scheme they need (security.md J1, J3, BA1). */
const SCHEME_PHRASES: Readonly<Record<string, string>> = {
  'x-svc-jwt': 'in a security scheme of type apiKey',
  'x-svc-cookiename': 'in a security scheme of type apiKey with x-svc-jwt',
  'x-svc-basicauth': 'in a security scheme of type basic',
}

/** Known names without the `x-svc-` prefix, longest first (so `default-flow` wins over `flow`). */
const SUFFIXES = Object.keys(EXTENSION_LEVELS)
  .map((name) => name.slice('x-svc-'.length))
  .sort((a, b) => b.length - a.length)

/** Suggestions naming only the closest candidates (D20: `x-svc-flwo` -> `x-svc-flow`). */
function closest(name: string, candidates: readonly string[]): Suggestions {
  const found = didYouMean(name, candidates)
  const best = Math.min(...found.map((c) => editDistance(name, c)))
  const names = found.filter((c) => editDistance(name, c) === best)
  return { names, suffix: suggestionText(names) }
}

function joinPhrases(phrases: readonly string[]): string {
  if (phrases.length <= 1) return phrases.join('')
  return `${phrases.slice(0, -1).join(', ')} or ${phrases[phrases.length - 1]}`
}

/** `x-svc-cors is only recognized at the top level` (D19). */
export function misplacedMessage(name: string): string {
  const phrase =
    SCHEME_PHRASES[name] ?? joinPhrases((EXTENSION_LEVELS[name] ?? []).map((level) => LEVEL_PHRASES[level]))
  return `${name} is only recognized ${phrase}`
}

/**
 * Checks every `x-` key of `node` written at `level`. Returns the `x-svc-*` keys that are
 * recognized here, for the caller to interpret, and whether an unknown one looks like a handler. `schemeAllows` decides scheme extensions, whose
 * place depends on the scheme type (J1, J3, BA1).
 */
export function checkExtensions(
  node: MapNode,
  level: ExtensionLevel,
  ctx: LoadContext,
  schemeAllows: (name: string) => boolean = () => true,
): ExtensionScan {
  const recognized = new Set<string>()
  let unknownHandler = false
  for (const entry of node.entries) {
    const key = entry.key
    if (!key.startsWith('x-')) continue
    if (key.startsWith('x-svc-')) {
      const levels = EXTENSION_LEVELS[key]
      if (levels === undefined) {
        if (didYouMean(key, HANDLER_EXTENSIONS).length > 0) unknownHandler = true
        const hint = closest(key, Object.keys(EXTENSION_LEVELS))
        ctx.error('definition/unknown-extension', entry.keyLoc, `unknown extension ${key}${hint.suffix}`, hint.names)
      } else if (!levels.includes(level) || (level === 'scheme' && !schemeAllows(key))) {
        ctx.error('definition/misplaced-extension', entry.keyLoc, misplacedMessage(key))
      } else {
        recognized.add(key)
      }
      continue
    }
    const suffix = SUFFIXES.find((s) => key.endsWith(`-${s}`))
    if (suffix !== undefined)
      ctx.warning('definition/foreign-extension', entry.keyLoc, `${key} is ignored; did you mean x-svc-${suffix}?`, [
        `x-svc-${suffix}`,
      ])
  }
  return { recognized, unknownHandler }
}
