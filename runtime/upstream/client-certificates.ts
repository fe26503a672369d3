/**
 * Client certificates (upstream.md UP-NET-2): a PEM file with the certificate chain and the private
 * key, optionally encrypted with `client-certificate-password`. A path starting with `/` is an
 * absolute file-system path; `svc://site/...` and relative paths resolve below the site root (the
 * caller resolves relative paths against the flow's directory). Read on first use and cached by
 * path and pass phrase for the life of the gateway; an unreadable file or a wrong pass phrase is a
 * configuration error (3211).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createSecureContext } from 'node:tls'

import type { ClientCertificate } from './connection-target.js'

/** Why a certificate cannot be used; the caller raises 3211 with it. */
export class CertificateError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CertificateError'
  }
}

export class ClientCertificates {
  readonly #loaded = new Map<string, ClientCertificate>()

  constructor(readonly siteRoot: string) {}

  /**
   * The certificate at `location` (absolute `/...` path, or a site-relative path already resolved by
   * the caller, `svc://site/` removed).
   */
  load(location: { readonly absolute: boolean; readonly path: string }, password: string | null): ClientCertificate {
    const file = location.absolute ? location.path : join(this.siteRoot, location.path)
    const key = `${file}\0${password ?? ''}`
    const cached = this.#loaded.get(key)
    if (cached !== undefined) return cached
    let pem: string
    try {
      pem = readFileSync(file, 'utf8')
    } catch (error) {
      throw new CertificateError(
        `Client certificate file ${location.path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      )
    }
    try {
      createSecureContext({ cert: pem, key: pem, ...(password === null ? {} : { passphrase: password }) })
    } catch {
      throw new CertificateError(
        `Client certificate file ${location.path} holds no usable certificate and key, or the pass phrase is wrong`,
      )
    }
    const certificate: ClientCertificate = Object.freeze({ path: location.path, pem, password })
    this.#loaded.set(key, certificate)
    return certificate
  }
}
