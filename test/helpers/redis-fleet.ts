/**
 * Two instances of one compiled gateway sharing a real `redis-server`, the fleet that the Redis
 * tests exercise (rate limits RL7, the upstream cache UP-CACHE-8): started once both are connected
 * to Redis, stopped together.
 */
import { type RunningGateway, startBundle } from './gateway-process.js'
import { type RunningRedis, startRedis, untilConnected } from './redis-server.js'

export interface RedisFleet {
  readonly redis: RunningRedis
  readonly first: RunningGateway
  readonly second: RunningGateway
  /** Stops both instances, then Redis. */
  stop(): Promise<void>
}

/** Starts Redis and two instances of the bundle in `outDir` with `env` and `SVC_REDIS_URL` set to it. */
export async function startRedisFleet(outDir: string, env: Record<string, string>): Promise<RedisFleet> {
  const redis = await startRedis()
  const withRedis = { ...env, SVC_REDIS_URL: redis.url }
  const first = await startBundle(outDir, withRedis)
  const second = await startBundle(outDir, withRedis)
  await untilConnected(redis, 2)
  return {
    redis,
    first,
    second,
    async stop() {
      await first.stop()
      await second.stop()
      await redis.stop()
    },
  }
}
