/**
 * EXAMPLE ONLY. The HS256 secret of the jwt-proxy example (base64url of a readable sentence), used by
 * start.mjs when ORDERS_JWT_KEY is not set and by mint-token.mjs. Never use it for anything real.
 */
export const EXAMPLE_JWT_KEY = 'ZXhhbXBsZSBvbmx5OiBzdmMtZ2F0ZXdheSBqd3QtcHJveHkgZGVtbyBrZXk'

/** The claims the definition requires (x-svc-jwt.claims). */
export const ISSUER = 'https://login.example.test'
export const AUDIENCE = 'orders-api'
