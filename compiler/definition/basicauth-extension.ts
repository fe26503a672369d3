/**
 * Structure of `x-svc-basicauth` (security.md BA1-BA4, BA9; definition.md CC9, CC16): users with
 * exactly one of password/sha256, literal credential lists, realm, out-var.
 */
import type { LoadContext } from './context.js'
import { type DocNode, entryOf, type MapNode, missingKeyLoc, valueOf } from './doc-node.js'
import { checkVariable, unknownProperty } from './extension-properties.js'
import { loadValueSource } from './value-source.js'

const BASIC_PROPERTIES = ['users', 'credentials', 'realm', 'out-var']

/** BA1, BA2, BA9 shapes. */
export function checkBasicAuth(node: DocNode, ctx: LoadContext): void {
  if (node.kind !== 'map') {
    ctx.error('definition/invalid-extension-value', node.loc, 'x-svc-basicauth must be an object')
    return
  }
  if (entryOf(node, 'users') === undefined && entryOf(node, 'credentials') === undefined) {
    ctx.error('security/invalid-basicauth', missingKeyLoc(node), 'x-svc-basicauth needs users or credentials')
  }
  for (const entry of node.entries) {
    const value = entry.value
    switch (entry.key) {
      case 'users':
        if (value.kind !== 'seq')
          ctx.error('security/invalid-basicauth', value.loc, 'x-svc-basicauth.users must be a list')
        else value.items.forEach((user) => checkUser(user, ctx))
        break
      case 'credentials': {
        const source = loadValueSource(value, 'x-svc-basicauth.credentials', ctx)
        if (source?.kind === 'literal') checkCredentialList(String(source.value), value, ctx)
        break
      }
      case 'realm':
        if (
          value.kind !== 'scalar' ||
          typeof value.value !== 'string' ||
          !/^[\x20-\x7e]*$/.test(value.value) ||
          /["\\]/.test(value.value)
        ) {
          ctx.error(
            'security/invalid-basicauth',
            value.loc,
            'x-svc-basicauth.realm must be printable ASCII without " or \\',
          )
        }
        break
      case 'out-var':
        checkVariable(value, 'x-svc-basicauth.out-var', '$basicauth', ctx)
        break
      default:
        unknownProperty(ctx, 'x-svc-basicauth', entry.key, entry.keyLoc, BASIC_PROPERTIES)
    }
  }
}

/**
 * A literal `credentials` text (BA3, BA4): `user:password` or `user:{SHA256}<hex>` entries separated
 * by newlines or commas; an invalid entry invalidates the list, and the list must not be empty.
 */
function checkCredentialList(text: string, at: DocNode, ctx: LoadContext): void {
  const entries = text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  if (entries.length === 0)
    ctx.error('security/invalid-basicauth', at.loc, 'x-svc-basicauth.credentials has no entries')
  entries.forEach((entry, i) => {
    const colon = entry.indexOf(':')
    const password = colon === -1 ? '' : entry.slice(colon + 1)
    const digest = password.startsWith('{SHA256}') ? password.slice('{SHA256}'.length) : null
    if (colon === -1 || password === '' || (digest !== null && !/^[0-9a-fA-F]{64}$/.test(digest))) {
      ctx.error(
        'security/invalid-basicauth',
        at.loc,
        `entry ${i + 1} of x-svc-basicauth.credentials is not user:password or user:{SHA256}<hex>`,
      )
    }
  })
}

function checkUser(node: DocNode, ctx: LoadContext): void {
  if (node.kind !== 'map') {
    ctx.error('security/invalid-basicauth', node.loc, 'an entry of x-svc-basicauth.users must be an object')
    return
  }
  const user = valueOf(node, 'user')
  if (user === undefined) ctx.error('security/invalid-basicauth', missingKeyLoc(node), 'missing required key "user"')
  else if (user.kind !== 'scalar' || typeof user.value !== 'string')
    ctx.error('security/invalid-basicauth', user.loc, 'user must be a string')
  const password = entryOf(node, 'password')
  const sha = entryOf(node, 'sha256')
  if ((password === undefined) === (sha === undefined)) {
    ctx.error('security/invalid-basicauth', missingKeyLoc(node), 'a user needs exactly one of password and sha256')
  }
  if (password !== undefined) loadValueSource(password.value, 'password', ctx)
  if (
    sha !== undefined &&
    !(sha.value.kind === 'scalar' && typeof sha.value.value === 'string' && /^[0-9a-fA-F]{64}$/.test(sha.value.value))
  ) {
    ctx.error('security/invalid-basicauth', sha.value.loc, 'sha256 must be 64 hexadecimal digits')
  }
  for (const entry of (node as MapNode).entries) {
    if (!['user', 'password', 'sha256'].includes(entry.key))
      unknownProperty(ctx, 'x-svc-basicauth.users', entry.key, entry.keyLoc, ['user', 'password', 'sha256'])
  }
}
