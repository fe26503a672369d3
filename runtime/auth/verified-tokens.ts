/**
 * Tokens whose signature already verified with one key or key set (security.md J7 step 3), so that a
 * client sending the same token again costs no second signature computation; `exp`, `nbf`, claims and
 * scopes are still checked on every request. Only successes are remembered, at most 1024 tokens of up
 * to 4096 characters per key (then the memory starts over). Lives on the key object, which is per
 * gateway and replaced when an environment key or a key set changes.
 */

const MAX_TOKENS = 1024
const MAX_TOKEN_LENGTH = 4096

export class VerifiedTokens {
  readonly #tokens = new Set<string>()

  has(token: string): boolean {
    return this.#tokens.has(token)
  }

  add(token: string): void {
    if (token.length > MAX_TOKEN_LENGTH) return
    if (this.#tokens.size >= MAX_TOKENS) this.#tokens.clear()
    this.#tokens.add(token)
  }
}
