/**
 * HTTP dates (RFC 9110 section 5.6.7) for `Last-Modified` and `If-Modified-Since` (actions.md
 * ACT-serve-4, ACT-serve-8): written as IMF-fixdate; read in the three forms a recipient must accept
 * (IMF-fixdate, obsolete RFC 850 and asctime). Anything else is not a valid date (undefined).
 */

const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/
const RFC_850 =
  /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{2}-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-\d{2} \d{2}:\d{2}:\d{2} GMT$/
const ASCTIME =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/

/** IMF-fixdate of a time in milliseconds (`Sun, 06 Nov 1994 08:49:37 GMT`). */
export function formatHttpDate(ms: number): string {
  return new Date(ms).toUTCString()
}

/** Milliseconds of an HTTP date, or undefined when the text is no valid HTTP date. */
export function parseHttpDate(text: string): number | undefined {
  const value = text.trim()
  let ms: number
  if (IMF_FIXDATE.test(value)) ms = Date.parse(value)
  else if (RFC_850.test(value)) {
    // two-digit years: RFC 9110 says a year more than 50 years ahead is in the past
    const [, rest] = value.split(', ') as [string, string]
    const [day, month, year] = rest.slice(0, 9).split('-') as [string, string, string]
    const now = new Date().getUTCFullYear()
    let full = 2000 + Number(year)
    if (full > now + 50) full -= 100
    ms = Date.parse(`${day} ${month} ${full} ${rest.slice(10, 18)} GMT`)
  } else if (ASCTIME.test(value)) {
    const parts = value.split(/ +/)
    ms = Date.parse(`${parts[2]} ${parts[1]} ${parts[4]} ${parts[3]} GMT`)
  } else return undefined
  return Number.isNaN(ms) ? undefined : ms
}
