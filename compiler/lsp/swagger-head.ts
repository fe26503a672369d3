/**
 * What the start of a YAML or JSON text declares: a Swagger 2.0 document has a top-level `swagger`
 * key whose value is "2.0" (the number 2.0 too: the compiler accepts it with a warning,
 * `definition/numeric-swagger-version`); one with `x-svc-*` keys as well is a gateway's definition,
 * one without may be an upstream's (compiler/upstream/definitions.ts) or a gateway's before its first
 * `x-svc-*` key. The language server asks this of files not named as svc-test expects, on their first
 * few KB only, so it does not parse: JSON (a text starting with `{`) by its nesting depth, YAML by its
 * unindented lines.
 */

/** How much of a file is looked at (bytes). The `swagger` key normally comes first. */
export const HEAD_BYTES = 8192

/** A gateway's definition, another Swagger 2.0 document, or neither (undefined). */
export type SwaggerHead = 'gateway' | 'swagger' | undefined

const YAML_SWAGGER = /^(["']?)swagger\1[ \t]*:[ \t]*(["']?)2\.0\2[ \t]*(?:#.*)?\r?$/m
const SVC_KEY = /(?:^|[\s{,])(["']?)x-svc-[-\w]+\1\s*:/m

export function swaggerHead(head: string): SwaggerHead {
  if (!declaresSwagger2(head)) return undefined
  return SVC_KEY.test(head) ? 'gateway' : 'swagger'
}

export function declaresSwagger2(head: string): boolean {
  const text = head.replace(/^\uFEFF/, '')
  return /^\s*\{/.test(text) ? jsonDeclaresSwagger2(text) : YAML_SWAGGER.test(text)
}

/** A `"swagger": "2.0"` member of the outermost object; strings are skipped so that braces in them do not count. */
function jsonDeclaresSwagger2(text: string): boolean {
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === '{' || char === '[') depth++
    else if (char === '}' || char === ']') depth--
    else if (char === '"') {
      const end = stringEnd(text, i)
      if (end === -1) return false
      if (
        depth === 1 &&
        text.slice(i, end) === '"swagger"' &&
        /^\s*:\s*(?:"2\.0"|2\.0(?![\w.]))/.test(text.slice(end, end + 40))
      )
        return true
      i = end - 1
    }
  }
  return false
}

/** The offset just after the string starting at `start` (its `"`), or -1 when the head ends inside it. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++
    else if (text[i] === '"') return i + 1
  }
  return -1
}
