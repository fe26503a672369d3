// runtime/cluster: hosting — worker processes (SVC_WORKERS) and the hot-swapping host of `svc-compile --serve`.
export { readWorkerCount } from './worker-count.js'
export { superviseWorkers, type Supervisor, type SupervisorFacts } from './supervise-workers.js'
export { startClusterPrimary } from './primary.js'
export { SwapHost, type SwapHostOptions } from './swap-host.js'
export { startServer, type StartOptions } from './start-server.js'
export type { RunningServer } from './running-server.js'
