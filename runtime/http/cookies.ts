/**
 * `$request/cookies` from the `Cookie` header (definition.md R7): pairs separated by `;`, split at the
 * first `=`, surrounding whitespace trimmed, a value in double quotes unwrapped, no percent-decoding,
 * the first occurrence of a name wins. Decided: a pair without `=` is a cookie with that name and the
 * value `""`; empty pairs are skipped.
 */

export function parseCookies(header: string): [string, string][] {
  const cookies: [string, string][] = []
  const seen = new Set<string>()
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    const name = (eq < 0 ? part : part.slice(0, eq)).trim()
    if (eq < 0 && name === '') continue
    let value = eq < 0 ? '' : part.slice(eq + 1).trim()
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
    if (seen.has(name)) continue
    seen.add(name)
    cookies.push([name, value])
  }
  return cookies
}
