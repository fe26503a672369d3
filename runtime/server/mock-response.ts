/**
 * Stage PL9 (definition.md section 9; operations.md MK1-MK5): when SVC_ALLOW_MOCKING=true and the
 * request says `Mock: true` (any case), the matched operation's `200` example chosen by MK2 becomes
 * the response instead of the init flow and the handler: status 200, `Content-Type` the example's
 * media type, `Mock: true`. The caller then runs PL12-PL14 as for a flow's response (response
 * validation, CORS, logging with `flow` = `mock`, MK4). When no example is acceptable, the request is
 * processed normally and a `mock` debug message says why (MK2, Decided). Without SVC_ALLOW_MOCKING the
 * header means nothing (MK5).
 */
import type { FlowContext } from '../context/flow-context.js'
import { chooseExample } from '../mock/choose-example.js'
import type { RouteEntry } from '../router/types.js'
import { Content } from '../values/content.js'
import type { Exchange } from './exchange.js'

/** The access log `flow` of a mocked response (LG3, MK4). */
export const MOCK_FLOW = 'mock'

/** PL9: true when the response was set from an example (the caller continues with PL12). */
export function answerWithMock(exchange: Exchange, ctx: FlowContext, route: RouteEntry, method: string): boolean {
  if (exchange.gateway.operations?.mocking !== true) return false
  const headers = exchange.record.headers
  const mock = headers.get('mock')
  if (mock === undefined || mock.trim().toLowerCase() !== 'true') return false
  const examples = exchange.gateway.app.mocks?.get(route.pattern)?.get(method)
  const example = examples === undefined ? null : chooseExample(examples, headers.get('accept'))
  if (example === null) {
    const session = exchange.debug
    if (session?.selects('info', 'mock')) {
      const why =
        examples === undefined
          ? `${method} ${route.pattern} has no 200 response with examples`
          : `no example of ${method} ${route.pattern} is acceptable (Accept: ${headers.get('accept')})`
      session.write('info', 'mock', `${why}; the request is processed normally`)
    }
    return false
  }
  exchange.flow = MOCK_FLOW
  ctx.response.status = 200
  ctx.response.headers.set('Mock', 'true')
  ctx.contents.main = [new Content(example.body, example.mediaType)]
  return true
}
