/**
 * GCRA on Redis (rate-limits.md RL7): one Lua script decides a request against all of a route's
 * policies atomically, on Redis's own clock (`TIME`), so that every gateway instance counts alike
 * whatever its clock says. Like the memory store (gcra.ts) it stores nothing for a refusal, and every
 * key it writes expires when its quota is full again.
 *
 * KEYS: one per policy. ARGV: per policy its emission interval and burst in µs. Reply: admitted (1 or
 * 0), the µs until every refusing policy admits, then per policy how far (µs) its TAT is ahead of now
 * after the decision. Times stay below 2^53 µs, exact in Lua's doubles; `%.0f` writes them without
 * the 14-digit rounding of Lua's number-to-string conversion.
 */
import { createHash } from 'node:crypto'

export const GCRA_SCRIPT = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local tats = {}
local admitted = 1
local retry = 0
for i = 1, #KEYS do
  local stored = redis.call('GET', KEYS[i])
  local tat = now
  if stored then tat = math.max(tonumber(stored), now) end
  tats[i] = tat
  local ahead = tat + tonumber(ARGV[2 * i - 1]) - now
  local burst = tonumber(ARGV[2 * i])
  if ahead > burst then
    admitted = 0
    retry = math.max(retry, ahead - burst)
  end
end
local reply = { admitted, retry }
for i = 1, #KEYS do
  local tat = tats[i]
  if admitted == 1 then
    tat = tat + tonumber(ARGV[2 * i - 1])
    redis.call('SET', KEYS[i], string.format('%.0f', tat), 'PX', math.ceil((tat - now) / 1000) + 1)
  end
  reply[#reply + 1] = tat - now
end
return reply
`

export const GCRA_SCRIPT_SHA1 = createHash('sha1').update(GCRA_SCRIPT).digest('hex')
