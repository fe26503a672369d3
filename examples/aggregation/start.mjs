/**
 * `node examples/aggregation/start.mjs`: compiles this example, starts the catalog (:4101) and the
 * inventory (:4102) on 127.0.0.1 and serves the gateway on http://localhost:8080 (PORT changes it).
 */
import { runExample } from '../run-example.mjs'
import { createCatalogServer, createInventoryServer } from './upstreams.mjs'

await runExample({
  dir: import.meta.dirname,
  upstreams: [
    { name: 'catalog', env: 'CATALOG_URL', port: 4101, create: createCatalogServer },
    { name: 'inventory', env: 'INVENTORY_URL', port: 4102, create: createInventoryServer },
  ],
})
