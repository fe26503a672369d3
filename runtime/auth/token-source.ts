/**
 * Where a JWT is read (security.md J2): the `Authorization` header's Bearer credentials, a cookie of
 * the `Cookie` header (definition.md R7), any other header (a leading `Bearer ` removed), or a query
 * parameter (its last occurrence, as `$request/get` holds it). A missing source gives the J2
 * reason; a present but empty one gives the empty token, which step 1 of J7 rejects as malformed.
 */
import type { ClientRequest } from '../context/flow-context.js'
import { parseCookies } from '../http/cookies.js'
import { parseFormEncoded } from '../http/form-decoding.js'
import type { TokenPlace } from './config.js'

export type TokenLookup = { readonly token: string } | { readonly missing: string }

/** `Bearer` (any case), then one or more spaces; group 1 is the rest. */
const BEARER = /^bearer +(.*)$/is

export function readToken(place: TokenPlace, request: ClientRequest): TokenLookup {
  switch (place.in) {
    case 'authorization': {
      const value = request.headers.get('authorization')
      if (value === undefined) return { missing: 'No Authorization header sent' }
      const bearer = BEARER.exec(value)
      if (bearer !== null) return { token: bearer[1]! }
      // `Bearer` alone: the header values are trimmed (R5), so its spaces are gone; an empty token.
      return value.toLowerCase() === 'bearer'
        ? { token: '' }
        : { missing: 'Authorization header is not a Bearer token' }
    }
    case 'cookie': {
      const header = request.headers.get('cookie')
      if (header === undefined) return { missing: 'No Cookie header sent' }
      for (const [name, value] of parseCookies(header)) if (name === place.cookie) return { token: value }
      return { missing: `No ${place.cookie} cookie sent` }
    }
    case 'header': {
      const value = request.headers.get(place.header.toLowerCase())
      if (value === undefined) return { missing: `No ${place.header} header sent` }
      const bearer = BEARER.exec(value)
      return { token: bearer !== null ? bearer[1]! : value }
    }
    case 'query': {
      let token: string | undefined
      if (request.query !== null)
        for (const [name, value] of parseFormEncoded(request.query)) if (name === place.name) token = value
      return token === undefined ? { missing: `No ${place.name} query parameter sent` } : { token }
    }
  }
}
