/**
 * Which decoder a content value's media type selects (oxn.md OXN-X6): `application/json` and any
 * `*\/*+json` are JSON; `application/xml`, `text/xml`, `application/xhtml+xml` and any `*\/*+xml` are
 * XML; `text/html` is HTML; anything else (or no media type) is not decoded.
 */

export type MediaKind = 'json' | 'xml' | 'html'

/** The decoder kind for a media type essence (lower case, without parameters: `Content.essence`). */
export function mediaKindOf(essence: string): MediaKind | null {
  switch (essence) {
    case 'application/json':
      return 'json'
    case 'application/xml':
    case 'text/xml':
    case 'application/xhtml+xml':
      return 'xml'
    case 'text/html':
      return 'html'
  }
  const slash = essence.indexOf('/')
  if (slash <= 0) return null
  if (essence.endsWith('+json') && essence.length > slash + 6) return 'json'
  if (essence.endsWith('+xml') && essence.length > slash + 5) return 'xml'
  return null
}
