/**
 * Path patterns (definition.md P3, P10-P13, P15, CC4-CC6): syntax of a `paths` key, its segments,
 * and the shape key under which equivalent patterns collide. Literal segments are kept as written;
 * they are compared with the percent-decoded request segments (P11).
 */
import type { PathSegment } from '../ir/definition.js'

export interface ParsedPattern {
  /** Segments before `/**` for a wildcard route, all segments otherwise; `/` is one empty literal. */
  readonly segments: readonly PathSegment[]
  readonly wildcard: boolean
}

/** Characters allowed in a parameter name (CC4). */
const PARAM_NAME = /^[A-Za-z0-9_.-]+$/

/** Parses a path pattern; a string is the problem, worded for `path "<pattern>": <problem>`. */
export function parsePathPattern(pattern: string): ParsedPattern | string {
  if (!pattern.startsWith('/')) return 'a path must start with "/"'
  const parts = pattern.slice(1).split('/')
  const segments: PathSegment[] = []
  const names = new Set<string>()
  let wildcard = false
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!
    const last = i === parts.length - 1
    if (part === '') {
      if (!last) return 'empty segment ("//")'
      segments.push({ kind: 'literal', value: '' })
      continue
    }
    if (part === '**') {
      if (!last) return '"**" is only allowed as the last segment'
      wildcard = true
      continue
    }
    if (part.includes('*')) return '"*" is only allowed in a final "/**" segment'
    if (part.includes('{') || part.includes('}')) {
      const whole = /^\{([^{}]*)\}$/.exec(part)
      if (whole === null) {
        const opens = part.split('{').length - 1
        const closes = part.split('}').length - 1
        if (opens !== closes) return `unbalanced braces in segment "${part}"`
        return `a parameter must be a whole segment ("${part}")`
      }
      const name = whole[1]!
      if (!PARAM_NAME.test(name)) return `invalid parameter name "${name}" (allowed: letters, digits, "_", "-", ".")`
      if (names.has(name)) return `parameter "${name}" appears twice`
      names.add(name)
      segments.push({ kind: 'param', name })
      continue
    }
    segments.push({ kind: 'literal', value: part })
  }
  if (wildcard && names.size > 0) return 'path parameters cannot be combined with "/**"'
  // `/**` alone: no prefix segments; the empty literal of `/` does not apply
  return { segments, wildcard }
}

/** Two patterns collide when these keys are equal (P15): parameter names replaced by `{}`. */
export function shapeKey(parsed: ParsedPattern): string {
  const body = parsed.segments.map((s) => (s.kind === 'param' ? '{}' : s.value)).join('/')
  return parsed.wildcard ? `/${body}${body === '' ? '' : '/'}**` : `/${body}`
}
