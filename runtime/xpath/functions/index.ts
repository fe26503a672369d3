/**
 * Implementations of the implemented extension functions (registry.ts, xpath-functions.md section 10),
 * by name, one module per function. Every implementation receives the call context (call.ts: the
 * request, the evaluating action) and its arguments as values (the first item of each, or the whole
 * sequence for `any` parameters), and returns a value. Aliases (XP-NAME-5) share a module. A registry
 * entry marked `implemented` without an entry here fails the tests.
 */
import type { Value } from '../value.js'
import { xpApplyCodecs } from './apply-codecs.js'
import { xpArray } from './array.js'
import { xpArrayReverse } from './array-reverse.js'
import { xpBase64Decode } from './base64-decode.js'
import { xpBase64Encode } from './base64-encode.js'
import { xpBody } from './body.js'
import { xpCalcSignature } from './calc-signature.js'
import type { FunctionCall } from './call.js'
import { xpCapitalizeFirst } from './capitalize-first.js'
import { xpConcat } from './concat.js'
import { xpContains } from './contains.js'
import { xpContent } from './content.js'
import { xpDecrypt } from './decrypt.js'
import { xpEncrypt } from './encrypt.js'
import { xpEndsWith } from './ends-with.js'
import { xpFileExists } from './file-exists.js'
import { xpGetLog } from './get-log.js'
import { xpHasClass } from './has-class.js'
import { xpHtmlParse } from './html-parse.js'
import { xpJoin } from './join.js'
import { xpJsonDoc } from './json-doc.js'
import { xpJsonParse } from './json-parse.js'
import { xpJsonStringify } from './json-stringify.js'
import { xpJsonToCsv } from './json-to-csv.js'
import { xpJsonToXml } from './json-to-xml.js'
import { xpJwtDecode } from './jwt-decode.js'
import { xpJwtEncode } from './jwt-encode.js'
import { xpLookup } from './lookup.js'
import { xpLowerCase } from './lower-case.js'
import { xpMatches } from './matches.js'
import { xpMd5 } from './md5.js'
import { xpLocalName, xpName, xpNamespaceUri } from './node-name.js'
import { xpNormalizeSpace } from './normalize-space.js'
import { xpNumber } from './number.js'
import { xpReplace } from './replace.js'
import { xpCeiling, xpFloor, xpRound } from './round.js'
import { xpSort } from './sort.js'
import { xpSplit } from './split.js'
import { xpStartsWith } from './starts-with.js'
import { xpString } from './string.js'
import { xpStringLength } from './string-length.js'
import { xpSubstring } from './substring.js'
import { xpSubstringAfter } from './substring-after.js'
import { xpSubstringBefore } from './substring-before.js'
import { xpSum } from './sum.js'
import { xpSvcDocument } from './svc-document.js'
import { xpSvcLog } from './svc-log.js'
import { xpSvcSerialize } from './svc-serialize.js'
import { xpTranslate } from './translate.js'
import { xpTrim } from './trim.js'
import { xpUnixtime } from './unixtime.js'
import { xpUpperCase } from './upper-case.js'
import { xpUrldecode } from './urldecode.js'
import { xpUrlencode } from './urlencode.js'
import { xpUuid3 } from './uuid3.js'
import { xpUuid4 } from './uuid4.js'
import { xpVerifySignature } from './verify-signature.js'
import { xpXmlParse } from './xml-parse.js'
import { xpXmlToJson } from './xml-to-json.js'

export type FunctionImplementation = (call: FunctionCall, ...args: Value[]) => Value

type PureFunction = (...args: Value[]) => Value

/** A function that needs nothing of the call context. */
function pure(implementation: PureFunction): FunctionImplementation {
  return (_call, ...args) => implementation(...args)
}

/** A function with optional parameters, typed as taking every argument. */
function withCall(implementation: (call: FunctionCall, ...args: never[]) => Value): FunctionImplementation {
  return implementation as FunctionImplementation
}

export const FUNCTION_IMPLEMENTATIONS: ReadonlyMap<string, FunctionImplementation> = new Map<
  string,
  FunctionImplementation
>([
  // XP-STR-1
  ['string', pure(xpString)],
  ['number', pure(xpNumber)],
  ['concat', pure(xpConcat)],
  ['contains', pure(xpContains)],
  ['starts-with', pure(xpStartsWith)],
  ['ends-with', pure(xpEndsWith)],
  ['substring', pure(xpSubstring as PureFunction)],
  ['substring-before', pure(xpSubstringBefore)],
  ['substring-after', pure(xpSubstringAfter)],
  ['string-length', pure(xpStringLength)],
  ['normalize-space', pure(xpNormalizeSpace)],
  ['translate', pure(xpTranslate)],
  ['upper-case', pure(xpUpperCase)],
  ['lower-case', pure(xpLowerCase)],
  ['round', pure(xpRound)],
  ['floor', pure(xpFloor)],
  ['ceiling', pure(xpCeiling)],
  ['name', pure(xpName)],
  ['local-name', pure(xpLocalName)],
  ['namespace-uri', pure(xpNamespaceUri)],
  ['sum', pure(xpSum)],
  // 10.2 strings
  ['capitalize-first', pure(xpCapitalizeFirst)],
  ['join', pure(xpJoin as PureFunction)],
  ['matches', withCall(xpMatches)],
  ['replace', withCall(xpReplace)],
  ['split', withCall(xpSplit)],
  ['tolower', pure(xpLowerCase)],
  ['toupper', pure(xpUpperCase)],
  ['trim', pure(xpTrim)],
  // 10.4 JSON
  ['json-parse', withCall(xpJsonParse)],
  ['json-stringify', withCall(xpJsonStringify)],
  ['json-to-xml', withCall(xpJsonToXml)],
  ['xml-to-json', withCall(xpXmlToJson)],
  ['json-to-csv', withCall(xpJsonToCsv)],
  ['array', pure(xpArray)],
  ['array-reverse', withCall(xpArrayReverse)],
  ['sort', withCall(xpSort)],
  // 10.5 encoding and hashing
  ['apply-codecs', withCall(xpApplyCodecs)],
  ['base64-encode', withCall(xpBase64Encode)],
  ['base64-decode', withCall(xpBase64Decode)],
  ['urlencode', withCall(xpUrlencode)],
  ['url-encode', withCall(xpUrlencode)],
  ['urldecode', withCall(xpUrldecode)],
  ['url-decode', withCall(xpUrldecode)],
  ['md5', withCall(xpMd5)],
  // 10.6 signatures and encryption
  ['calc-signature', withCall(xpCalcSignature)],
  ['verify-signature', withCall(xpVerifySignature)],
  ['encrypt', withCall(xpEncrypt)],
  ['decrypt', withCall(xpDecrypt)],
  // 10.7 date and UUID
  ['unixtime', pure(xpUnixtime)],
  ['uuid4', pure(xpUuid4)],
  ['uuid3', withCall(xpUuid3)],
  // 10.8 document access
  ['body', withCall(xpBody)],
  ['content', withCall(xpContent)],
  ['svc-document', withCall(xpSvcDocument)],
  ['json-doc', withCall(xpJsonDoc)],
  ['file-exists', withCall(xpFileExists)],
  ['lookup', withCall(xpLookup)],
  // 10.9 JWT
  ['jwt-decode', withCall(xpJwtDecode)],
  ['jwt-encode', withCall(xpJwtEncode)],
  // 10.10 XML and HTML
  ['xml-parse', withCall(xpXmlParse)],
  ['html-parse', pure(xpHtmlParse)],
  ['has-class', withCall(xpHasClass)],
  // 10.11 diagnostics
  ['svc-log', withCall(xpSvcLog)],
  ['svc-serialize', pure(xpSvcSerialize as PureFunction)],
  ['get-log', withCall(xpGetLog)],
])

export {
  xpConcat,
  xpContains,
  xpEndsWith,
  xpLowerCase,
  xpLocalName,
  xpName,
  xpNamespaceUri,
  xpNormalizeSpace,
  xpNumber,
  xpCeiling,
  xpFloor,
  xpRound,
  xpStartsWith,
  xpString,
  xpStringLength,
  xpSubstring,
  xpSubstringAfter,
  xpSubstringBefore,
  xpSum,
  xpTranslate,
  xpTrim,
  xpUpperCase,
}

export type { FunctionCall } from './call.js'
