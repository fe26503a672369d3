/** The URL of a key set (security.md J16, J14): shared by the compiler's checks and the runtime. */

/** J16: the URL of a key set must be an absolute `http` or `https` URL. */
export function isJwksUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false
  try {
    new URL(text)
    return true
  } catch {
    return false
  }
}
