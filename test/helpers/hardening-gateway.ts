/**
 * The compiled bundle of test/fixtures/hardening with a recording upstream, as the hardening and fuzz
 * tests start it: `UPSTREAM` points at the recording upstream, `REFUSED` at a port nothing listens on,
 * and the limits are short so that slow-client cases finish quickly. Tests add their own settings.
 */
import { compileOrThrow, type RunningGateway, startBundle, temporaryDir } from './gateway-process.js'
import { type RecordingUpstream, startRecordingUpstream } from './upstream-server.js'

export const HARDENING_FIXTURE = new URL('../fixtures/hardening/definition.yaml', import.meta.url).pathname

export interface HardeningGateway {
  readonly gateway: RunningGateway
  readonly upstream: RecordingUpstream
  stop(): Promise<void>
}

export async function startHardeningGateway(env: Record<string, string>): Promise<HardeningGateway> {
  const bundle = temporaryDir()
  await compileOrThrow(HARDENING_FIXTURE, bundle)
  const upstream = await startRecordingUpstream()
  const gateway = await startBundle(bundle, {
    UPSTREAM: upstream.origin,
    REFUSED: 'http://127.0.0.1:1',
    SVC_HEADERS_TIMEOUT: '1',
    SVC_REQUEST_TIMEOUT: '2',
    SVC_KEEP_ALIVE_TIMEOUT: '1',
    ...env,
  })
  return {
    gateway,
    upstream,
    async stop() {
      await gateway.stop() // also removes the bundle
      await upstream.close()
    },
  }
}
