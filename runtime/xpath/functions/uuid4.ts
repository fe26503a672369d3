/** `uuid4()` (xpath-functions.md FN-uuid4-1): a random RFC 4122 version 4 UUID (cryptographically secure), lower case. */
import { randomUUID } from 'node:crypto'

export function xpUuid4(): string {
  return randomUUID()
}
