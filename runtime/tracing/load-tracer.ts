/**
 * Loads the gateway's tracer (operations.md TR1): the OpenTelemetry implementation (otel-tracer.ts) is
 * bundled into `server.mjs`, but only evaluated when tracing is on, through this dynamic import.
 */
import type { GatewayTracer, TracerOptions } from './tracer.js'

export async function loadTracer(options: TracerOptions): Promise<GatewayTracer> {
  const { createOtelTracer } = await import('./otel-tracer.js')
  return createOtelTracer(options)
}
