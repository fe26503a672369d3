/**
 * `node examples/jwt-proxy/start.mjs`: compiles this example, starts the orders service on
 * 127.0.0.1:4201 and serves the gateway on http://localhost:8080 (PORT changes it). Without
 * ORDERS_JWT_KEY the example key of example-key.mjs is used (EXAMPLE ONLY).
 */
import { runExample } from '../run-example.mjs'
import { EXAMPLE_JWT_KEY } from './example-key.mjs'
import { createOrdersServer } from './upstream.mjs'

await runExample({
  dir: import.meta.dirname,
  upstreams: [{ name: 'orders', env: 'ORDERS_ORIGIN', port: 4201, create: createOrdersServer }],
  env: { ORDERS_JWT_KEY: EXAMPLE_JWT_KEY },
})
