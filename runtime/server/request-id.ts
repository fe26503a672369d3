/**
 * Request ids (operations.md LG2): `uid` is 22 characters of base64url from 16 random bytes, `uuid4`
 * a lower-case RFC 4122 UUID. With SVC_TRUST_REQUEST_ID an incoming `X-Request-ID` (or the field
 * SVC_REQUEST_ID_HEADER names) of 1 to 128 characters from `[A-Za-z0-9._:@-]` is used instead; an
 * invalid one is ignored.
 */
import { randomFillSync, randomUUID } from 'node:crypto'

import type { UidFormat } from '../http/config.js'

const TRUSTED_ID = /^[A-Za-z0-9._:@-]{1,128}$/
const POOL_SIZE = 16 * 256

/** One per gateway: random bytes are drawn in blocks, so a request id costs no system call. */
export class RequestIdSource {
  readonly #format: UidFormat
  readonly #trustIncoming: boolean
  readonly #pool = Buffer.allocUnsafe(POOL_SIZE)
  #offset = POOL_SIZE

  /** The lower-case name of the field a trusted id is read from (SVC_REQUEST_ID_HEADER). */
  readonly incomingHeader: string

  constructor(format: UidFormat, trustIncoming: boolean, header = 'X-Request-ID') {
    this.#format = format
    this.#trustIncoming = trustIncoming
    this.incomingHeader = header.toLowerCase()
  }

  /** A new id, or the trusted incoming id field (joined value as in $request/headers). */
  next(incoming: string | undefined): string {
    if (this.#trustIncoming && incoming !== undefined && TRUSTED_ID.test(incoming)) return incoming
    if (this.#format === 'uuid4') return randomUUID()
    if (this.#offset === POOL_SIZE) {
      randomFillSync(this.#pool)
      this.#offset = 0
    }
    const id = this.#pool.toString('base64url', this.#offset, this.#offset + 16)
    this.#offset += 16
    return id
  }
}
