/**
 * `node examples/xml-to-json/start.mjs`: compiles this example (the stylesheets too), starts the
 * legacy XML service on 127.0.0.1:4301 and serves the gateway on http://localhost:8080 (PORT changes it).
 */
import { runExample } from '../run-example.mjs'
import { createLegacyServer } from './upstream.mjs'

await runExample({
  dir: import.meta.dirname,
  upstreams: [{ name: 'legacy XML service', env: 'LEGACY_URL', port: 4301, create: createLegacyServer }],
})
