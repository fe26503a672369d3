/**
 * Media-type checks of `consumes` and `produces` (validation.md VA15, VA22): the message's media type
 * lower-cased without parameters must equal a listed entry; `*\/*` and `<type>/*` entries are
 * wildcards. An empty list counts as not declared.
 */

/** `application/json; charset=utf-8` -> `application/json`; '' for none. */
export function mediaEssence(mediaType: string | null | undefined): string {
  if (!mediaType) return ''
  const semi = mediaType.indexOf(';')
  return (semi < 0 ? mediaType : mediaType.slice(0, semi)).trim().toLowerCase()
}

/** Whether `essence` matches one of the listed media types. */
export function mediaTypeListed(essence: string, listed: readonly string[]): boolean {
  for (const entry of listed) {
    const wanted = mediaEssence(entry)
    if (wanted === essence || wanted === '*/*') return true
    if (wanted.endsWith('/*') && essence.startsWith(wanted.slice(0, -1))) return true
  }
  return false
}
