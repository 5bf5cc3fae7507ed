import Papa from 'papaparse';

/**
 * CSV as spreadsheets write it, read and written by papaparse: the separator found from the file (a comma,
 * or the semicolon Excel uses in pt/es/fr/de locales, a tab, a bar), fields in double quotes with quotes
 * doubled, line breaks inside quoted fields, CRLF/LF/CR line ends, a UTF-8 byte order mark. This module
 * (and papaparse with it) is loaded only by the import dialog and the export action.
 */

export type CsvDelimiter = ',' | ';' | '\t' | '|';
const DELIMITERS: CsvDelimiter[] = [',', ';', '\t', '|'];

export interface CsvTable {
  /** every record, blank ones included, so a record's index + 1 is its row in the spreadsheet */
  rows: string[][];
  delimiter: CsvDelimiter;
  /** what makes the file unreadable as a whole; nothing of it should be imported */
  error?: string;
}

/** The records of a CSV text; a trailing line break adds no empty record. */
export function parseCsv(text: string): CsvTable {
  // the separator that gives the first records one count of cells; blank lines would skew the guess
  const guessed = Papa.parse<string[]>(text, {
    delimitersToGuess: DELIMITERS,
    skipEmptyLines: 'greedy',
    preview: 10,
  }).meta.delimiter;
  const delimiter = (DELIMITERS as string[]).includes(guessed) ? (guessed as CsvDelimiter) : ',';
  // blank records are kept so that each record's index is its row in the spreadsheet
  const result = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
  const rows = result.data;
  // papaparse keeps the empty record after a final line break
  if (rows.length > 0 && rows.at(-1)!.length === 1 && rows.at(-1)![0] === '') rows.pop();
  // an unclosed or stray quote shifts every later cell: the file is refused rather than imported wrong
  const quote = result.errors.find((error) => error.type === 'Quotes');
  if (!quote) return { rows, delimiter };
  const line = (quote.row ?? 0) + 1;
  const error =
    quote.code === 'MissingQuotes'
      ? `Line ${line} has a quote (") that is never closed, so the rest of the file cannot be read. Fix it in your spreadsheet and save as CSV again.`
      : `Line ${line} has a quote (") in the middle of a cell, so its cells cannot be told apart. Fix it in your spreadsheet and save as CSV again.`;
  return { rows, delimiter, error };
}

/**
 * The text of a CSV file's bytes: UTF-8 (with or without a byte order mark), or — when they are not valid
 * UTF-8, as Excel's plain "CSV" on Windows writes — Windows-1252, so accents are not lost.
 */
export function decodeCsv(bytes: ArrayBuffer | Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // some runtimes (Node before 23) decode windows-1252 as Latin-1: its 0x80–0x9F block is mapped here
    return new TextDecoder('windows-1252')
      .decode(bytes)
      .replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80] || char);
  }
}

/** Windows-1252's characters for the bytes 0x80–0x9F (Latin-1 control characters there); '' where undefined. */
const WINDOWS_1252_HIGH = [
  '€',
  '',
  '‚',
  'ƒ',
  '„',
  '…',
  '†',
  '‡',
  'ˆ',
  '‰',
  'Š',
  '‹',
  'Œ',
  '',
  'Ž',
  '',
  '',
  '‘',
  '’',
  '“',
  '”',
  '•',
  '–',
  '—',
  '˜',
  '™',
  'š',
  '›',
  'œ',
  '',
  'ž',
  'Ÿ',
];

/**
 * A cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with an apostrophe
 * (OWASP CSV injection); `unguardCell` takes one off again on import, so phone numbers like +351… survive
 * the round trip. A value that itself starts with apostrophes before such a character gets one more, so it
 * comes back unchanged too.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

export const guardCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);
export const unguardCell = (value: string) => (/^'+[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/**
 * The separator a spreadsheet in this locale expects: a semicolon where the decimal separator is a comma
 * (pt, es, fr, de…: Excel there splits a comma file into nothing), else a comma. Import reads either.
 */
export function csvDelimiterFor(locale?: string): CsvDelimiter {
  const decimal = new Intl.NumberFormat(locale)
    .formatToParts(1.5)
    .find((part) => part.type === 'decimal')?.value;
  return decimal === ',' ? ';' : ',';
}

/** The decimal separator that goes with a separator: a comma in semicolon files, a point otherwise. */
export const decimalFor = (delimiter: CsvDelimiter) => (delimiter === ';' ? ',' : '.');

/** A number as a spreadsheet of that separator writes it (no grouping): `1234.5` or `1234,5`. */
export const formatCsvNumber = (value: number, delimiter: CsvDelimiter) =>
  String(value).replace('.', decimalFor(delimiter));

/**
 * A number as written in a CSV of that separator: `250000`, `250 000`, `250.000,50` (semicolon files,
 * where the comma is the decimal separator), `250,000.50` (the others). Undefined when it is no number.
 */
export function parseCsvNumber(text: string, delimiter: CsvDelimiter): number | undefined {
  const decimal = decimalFor(delimiter);
  const grouping = decimal === ',' ? '.' : ',';
  const plain = text
    .replace(/[\s\u00a0\u202f'_]/g, '')
    .split(grouping)
    .join('')
    .replace(decimal, '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(plain)) return undefined;
  const value = Number(plain);
  return Number.isFinite(value) ? value : undefined;
}

/** CSV text of a header row and data rows: a byte order mark (so Excel reads UTF-8), CRLF line ends, formulas guarded. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  delimiter: CsvDelimiter = ',',
): string {
  const body = Papa.unparse([header, ...rows].map((row) => row.map(guardCell)) as string[][], {
    delimiter,
    newline: '\r\n',
    quotes: false,
    escapeFormulae: false,
  });
  return `${Papa.BYTE_ORDER_MARK}${body}\r\n`;
}
