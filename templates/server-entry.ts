/**
 * Skeleton of the generated entry module (`src/server.ts`): starts the compiled app. The site copy
 * and other output files are found relative to the bundle itself (operations.md CL2).
 */
import { fileURLToPath } from 'node:url'
import { startServer, type CompiledApp } from 'svc-gateway/runtime'

// @slot app: replaced by `import { APP } from './app.js'`
declare const APP: CompiledApp

await startServer(APP, { siteRoot: fileURLToPath(new URL('./site/', import.meta.url)) })
