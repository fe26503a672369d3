/**
 * Masking secrets in debug output (operations.md DB9): values of `Authorization`,
 * `Proxy-Authorization` and `Cookie` headers and of environment variables whose name contains
 * `SECRET`, `PASSWORD`, `PASSWD`, `TOKEN`, `KEY`, `AUTH` or `CREDENTIAL` (any case) are shown as `***`.
 *
 * Two layers: structured `data` is masked by member name (those header names and secret-looking
 * names, at any depth), and message text by value: every known secret value (the secret environment
 * values, the request's secret header values and their credential part after the scheme) is replaced
 * wherever it occurs. Decided: values shorter than 4 characters are not searched for in text (they
 * would mask ordinary words); they are still masked by name in `data`.
 */
export const MASK = '***'

const SECRET_HEADERS: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization', 'cookie'])
const SECRET_NAME = /SECRET|PASSWORD|PASSWD|TOKEN|KEY|AUTH|CREDENTIAL/i
const MIN_TEXT_SECRET = 4

/** Whether an environment variable (or data member) of this name holds a secret (DB9). */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name)
}

/** Whether a header field of this name holds a secret (DB9). */
export function isSecretHeader(name: string): boolean {
  return SECRET_HEADERS.has(name.toLowerCase())
}

/** A header value as debug output may show it. */
export function maskHeaderValue(name: string, value: string): string {
  return isSecretHeader(name) ? MASK : value
}

/** The environment as debug output may show it (topic `env`, DB3). */
export function maskEnvironment(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of Object.keys(env).sort()) {
    const value = env[name]
    if (value === undefined) continue
    Object.defineProperty(out, name, {
      value: isSecretName(name) ? MASK : value,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return out
}

/** Structured debug data with secret members masked (plain JSON-like values; anything else as is). */
export function maskData(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 64) return value
  if (Array.isArray(value)) return value.map((item) => maskData(item, depth + 1))
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return value
  const out: Record<string, unknown> = {}
  for (const [name, member] of Object.entries(value as Record<string, unknown>)) {
    const masked = isSecretHeader(name) || isSecretName(name) ? MASK : maskData(member, depth + 1)
    Object.defineProperty(out, name, { value: masked, enumerable: true, writable: true, configurable: true })
  }
  return out
}

/** The secret values of an environment (DB9), for masking text. */
export function secretEnvironmentValues(env: Readonly<Record<string, string | undefined>>): string[] {
  const values: string[] = []
  for (const name of Object.keys(env)) {
    const value = env[name]
    if (value !== undefined && isSecretName(name)) values.push(value)
  }
  return values
}

/** The secret values a request carries: its secret header values and their credentials part. */
export function secretHeaderValues(headers: ReadonlyMap<string, string> | undefined): string[] {
  const values: string[] = []
  if (headers === undefined) return values
  for (const name of SECRET_HEADERS) {
    const value = headers.get(name)
    if (value === undefined) continue
    values.push(value)
    const space = value.indexOf(' ')
    if (name !== 'cookie' && space > 0) values.push(value.slice(space + 1).trim())
    if (name === 'cookie') for (const pair of value.split(';')) values.push(pair.slice(pair.indexOf('=') + 1).trim())
  }
  return values
}

/** Replaces every occurrence of the secret values in `text` by `***` (longest first). */
export function maskText(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets)
    if (secret.length >= MIN_TEXT_SECRET && out.includes(secret)) out = out.split(secret).join(MASK)
  return out
}

/** Sorted longest first and without short values, ready for maskText. */
export function textSecrets(values: readonly string[]): string[] {
  return [...new Set(values.filter((value) => value.length >= MIN_TEXT_SECRET))].sort((a, b) => b.length - a.length)
}
