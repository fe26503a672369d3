/** What `startServer` (start-server.ts) gives back, also in a cluster's primary process (primary.ts). */
import type { Gateway } from '../server/gateway.js'

export interface RunningServer {
  readonly host: string
  readonly port: number
  readonly gateway: Gateway
  /** Graceful shutdown (CL10) without exiting the process. */
  close(): Promise<void>
}
