/**
 * CSV as spreadsheets write it (RFC 4180): comma-separated, fields with commas, quotes or line breaks in
 * double quotes, quotes doubled, CRLF or LF line ends, an optional UTF-8 byte order mark.
 */

/** The rows of a CSV text; a trailing line break adds no empty row. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else {
          quoted = false;
        }
      } else {
        field += char;
      }
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === ',') endField();
    else if (char === '\n') endRow();
    else if (char === '\r') {
      if (text[index + 1] === '\n') index += 1;
      endRow();
    } else field += char;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/**
 * A cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with an apostrophe
 * (OWASP CSV injection); `unguardCell` takes it off again on import, so phone numbers like +351… survive
 * the round trip.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const guardCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);
export const unguardCell = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

function quoteCell(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value;
}

/** CSV text of a header row and data rows, CRLF line ends, formulas guarded. */
export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows]
    .map((row) => row.map((cell) => quoteCell(guardCell(cell))).join(','))
    .join('\r\n')
    .concat('\r\n');
}
