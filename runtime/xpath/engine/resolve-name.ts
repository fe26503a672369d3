/**
 * The engine's function-name resolver (xpath-functions.md XP-NAME-1..3, section 12): an unprefixed
 * name is the gateway's function when one with that arity is implemented, else the standard one;
 * `svc:` names are the gateway's, `svcx:` and `svcq:` names the rewrite's helpers; other prefixes keep the
 * engine's own resolution (`fn`, `xs`, `math`, `map`, `array`, prefixes declared on the context node).
 */
import type { FunctionNameResolver, LexicalQualifiedName, ResolvedQualifiedName } from 'fontoxpath'

import {
  FN_NS,
  GATEWAY_NS,
  GATEWAY_PREFIX,
  INTERNAL_MODULE_NS,
  INTERNAL_MODULE_PREFIX,
  INTERNAL_NS,
  INTERNAL_PREFIX,
} from '../namespaces.js'
import { acceptsArity, EXTENSION_FUNCTIONS } from '../registry.js'

function isRegisteredGatewayFunction(name: string, arity: number): boolean {
  const spec = EXTENSION_FUNCTIONS.get(name)
  return spec !== undefined && spec.status === 'implemented' && acceptsArity(spec, arity)
}

export const resolveFunctionName: FunctionNameResolver = (
  { prefix, localName }: LexicalQualifiedName,
  arity: number,
) => {
  if (prefix === '')
    return { namespaceURI: isRegisteredGatewayFunction(localName, arity) ? GATEWAY_NS : FN_NS, localName }
  if (prefix === GATEWAY_PREFIX) return { namespaceURI: GATEWAY_NS, localName }
  if (prefix === INTERNAL_PREFIX) return { namespaceURI: INTERNAL_NS, localName }
  if (prefix === INTERNAL_MODULE_PREFIX) return { namespaceURI: INTERNAL_MODULE_NS, localName }
  return null as unknown as ResolvedQualifiedName
}
