/**
 * Tokens whose signature already verified with one key or key set (security.md J7 step 3), with
 * their parsed form (step 1), so that a client sending the same token again costs neither a second
 * signature computation nor a second decoding; the algorithm, `exp`, `nbf`, claims and scopes are
 * still checked on every request. Only successes are remembered, at most 1024 tokens of up to 4096
 * characters per key (then the memory starts over). Lives on the key object, which is per gateway
 * and replaced when an environment key or a key set changes. Parsed tokens are immutable values.
 */
import type { ParsedJws } from './jws.js'

const MAX_TOKENS = 1024
const MAX_TOKEN_LENGTH = 4096

export class VerifiedTokens {
  readonly #tokens = new Map<string, ParsedJws>()

  get(token: string): ParsedJws | undefined {
    return this.#tokens.get(token)
  }

  add(token: string, parsed: ParsedJws): void {
    if (token.length > MAX_TOKEN_LENGTH) return
    if (this.#tokens.size >= MAX_TOKENS) this.#tokens.clear()
    this.#tokens.set(token, parsed)
  }
}
