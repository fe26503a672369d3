/**
 * Escaping for the JUnit report (junit.ts): text and attribute values of an XML 1.0 document. Markup
 * characters become entity references; characters XML 1.0 cannot hold at all, not even as character
 * references (controls other than tab, line feed and carriage return, U+FFFE, U+FFFF, lone
 * surrogates), are written as the visible text `\uXXXX`, so a report stays well-formed whatever an
 * assertion's actual value held.
 */

const NOT_XML_CHAR =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

function visible(text: string): string {
  return text.replace(NOT_XML_CHAR, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** Element content; a carriage return is kept as a reference (a parser would turn it into a line feed). */
export function xmlText(text: string): string {
  return visible(text).replace(/[&<>\r]/g, (char) => ENTITIES[char]!)
}

/** An attribute value in double quotes; tab and line breaks as references, or parsers make them spaces. */
export function xmlAttribute(text: string): string {
  return visible(text).replace(/[&<>"\t\n\r]/g, (char) => ENTITIES[char]!)
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
}
