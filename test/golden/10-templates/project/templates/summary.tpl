{{// a template file: no XML decoding, so < needs no escaping }}
{"summary": {{ concat(customer, " <", count(lines/value), " lines>") }}}
