/**
 * Reads CSV as a spreadsheet does (RFC 4180): fields in double quotes may hold commas, line breaks
 * and doubled quotes. A leading byte order mark is reported, not kept in the first field.
 */
export function parseCsv(text: string): { bom: boolean; rows: string[][] } {
  const bom = text.startsWith('\uFEFF')
  const body = bom ? text.slice(1) : text
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\n' || (c === '\r' && body[i + 1] === '\n')) {
      if (c === '\r') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += c
  }
  if (field !== '' || row.length > 0) rows.push([...row, field])
  return { bom, rows }
}
