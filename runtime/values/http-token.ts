/** RFC 9110 `token`: the syntax of HTTP method and header field names (and cookie names). */
export const HTTP_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
