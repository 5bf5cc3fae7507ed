/**
 * What a file is, from its first bytes (its magic number), never from its name or the type its uploader
 * declared. A small table of the formats people keep in a real-estate file store rather than the
 * `file-type` package (docs/decisions.md, "User files are served as what their bytes are"): `file-type`
 * reads binary formats only, and the ones that matter for safety — HTML, SVG, XML, which a browser runs —
 * are text, recognised here as a browser's own sniffer does (WHATWG MIME Sniffing, "identify an unknown
 * MIME type").
 */

/** How many leading bytes `sniffContent` reads (a PDF's header may sit anywhere in its first 1,024). */
export const SNIFF_BYTES = 4096;

/**
 * - `image`, `pdf`, `video`, `audio`: formats the previewers show in place
 * - `markup`: HTML, XML and SVG — documents a browser would run
 * - `text`: text without markup at its start
 * - `container`: zip, OLE (Office 97–2003) and other archives; the declared type says which document
 * - `binary`: any other known binary format, or bytes no signature matches
 */
export type ContentFamily = 'image' | 'pdf' | 'video' | 'audio' | 'markup' | 'text' | 'container' | 'binary';

export interface SniffedContent {
  /** the media type the bytes show (`application/octet-stream` when nothing matches) */
  type: string;
  family: ContentFamily;
}

const UNKNOWN: SniffedContent = { type: 'application/octet-stream', family: 'binary' };

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const matches = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

const asciiAt = (bytes: Uint8Array, offset: number, length: number) =>
  String.fromCharCode(...bytes.subarray(offset, offset + length));

/** Signatures at a fixed place, checked in order (the more specific first). */
const SIGNATURES: ReadonlyArray<{ bytes: readonly number[]; offset?: number } & SniffedContent> = [
  { bytes: [0xff, 0xd8, 0xff], type: 'image/jpeg', family: 'image' },
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], type: 'image/png', family: 'image' },
  { bytes: ascii('GIF87a'), type: 'image/gif', family: 'image' },
  { bytes: ascii('GIF89a'), type: 'image/gif', family: 'image' },
  { bytes: [0x49, 0x49, 0x2a, 0x00], type: 'image/tiff', family: 'image' },
  { bytes: [0x4d, 0x4d, 0x00, 0x2a], type: 'image/tiff', family: 'image' },
  { bytes: ascii('8BPS'), type: 'image/vnd.adobe.photoshop', family: 'image' },
  { bytes: ascii('OggS'), type: 'audio/ogg', family: 'audio' },
  { bytes: ascii('fLaC'), type: 'audio/flac', family: 'audio' },
  { bytes: ascii('ID3'), type: 'audio/mpeg', family: 'audio' },
  // MPEG audio frames (layer III) and AAC in ADTS frames
  { bytes: [0xff, 0xfb], type: 'audio/mpeg', family: 'audio' },
  { bytes: [0xff, 0xf3], type: 'audio/mpeg', family: 'audio' },
  { bytes: [0xff, 0xf2], type: 'audio/mpeg', family: 'audio' },
  { bytes: [0xff, 0xf1], type: 'audio/aac', family: 'audio' },
  { bytes: [0xff, 0xf9], type: 'audio/aac', family: 'audio' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], type: 'application/zip', family: 'container' },
  { bytes: [0x50, 0x4b, 0x05, 0x06], type: 'application/zip', family: 'container' },
  {
    bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
    type: 'application/x-ole-storage',
    family: 'container',
  },
  { bytes: ascii('Rar!\u001a\u0007'), type: 'application/vnd.rar', family: 'container' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], type: 'application/x-7z-compressed', family: 'container' },
  { bytes: [0x1f, 0x8b], type: 'application/gzip', family: 'container' },
  { bytes: ascii('BZh'), type: 'application/x-bzip2', family: 'container' },
  { bytes: ascii('{\\rtf'), type: 'application/rtf', family: 'binary' },
  { bytes: ascii('wOFF'), type: 'font/woff', family: 'binary' },
  { bytes: ascii('wOF2'), type: 'font/woff2', family: 'binary' },
  { bytes: ascii('MZ'), type: 'application/x-msdownload', family: 'binary' },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], type: 'application/x-executable', family: 'binary' },
  { bytes: [0x00, 0x61, 0x73, 0x6d], type: 'application/wasm', family: 'binary' },
];

/** ISO base media (`....ftyp<brand>`): pictures, films and sound by their major brand. */
function isoMedia(bytes: Uint8Array): SniffedContent | undefined {
  if (asciiAt(bytes, 4, 4) !== 'ftyp') return undefined;
  const brand = asciiAt(bytes, 8, 4);
  if (brand === 'avif' || brand === 'avis') return { type: 'image/avif', family: 'image' };
  if (['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1'].includes(brand))
    return { type: 'image/heic', family: 'image' };
  if (brand === 'qt  ') return { type: 'video/quicktime', family: 'video' };
  if (brand === 'M4A ' || brand === 'M4B ') return { type: 'audio/mp4', family: 'audio' };
  if (brand.startsWith('3g')) return { type: 'video/3gpp', family: 'video' };
  return { type: 'video/mp4', family: 'video' };
}

/** RIFF containers: WebP, WAVE, AVI. */
function riff(bytes: Uint8Array): SniffedContent | undefined {
  if (asciiAt(bytes, 0, 4) !== 'RIFF') return undefined;
  const form = asciiAt(bytes, 8, 4);
  if (form === 'WEBP') return { type: 'image/webp', family: 'image' };
  if (form === 'WAVE') return { type: 'audio/wav', family: 'audio' };
  if (form === 'AVI ') return { type: 'video/x-msvideo', family: 'video' };
  return UNKNOWN;
}

/** Matroska/WebM (EBML): WebM when its doctype says so. */
function ebml(bytes: Uint8Array): SniffedContent | undefined {
  if (!matches(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return undefined;
  return asciiAt(bytes, 0, 64).includes('webm')
    ? { type: 'video/webm', family: 'video' }
    : { type: 'video/x-matroska', family: 'video' };
}

/** A Windows bitmap: `BM`, then its size, then four reserved zero bytes (so "BMW…" text is not one). */
const isBitmap = (bytes: Uint8Array) =>
  matches(bytes, ascii('BM')) && bytes.length >= 14 && matches(bytes, [0, 0, 0, 0], 6);

const PDF_HEADER = '%PDF-';
/** `%PDF-` within the first 1,024 bytes, as PDF readers accept it (after some binary preamble). */
const hasPdfHeader = (bytes: Uint8Array) => asciiAt(bytes, 0, 1024).includes(PDF_HEADER);

/** Tags whose appearance first in a document makes a browser sniff it as HTML (WHATWG MIME Sniffing). */
const HTML_OPENINGS = [
  '<!doctype html',
  '<html',
  '<head',
  '<script',
  '<iframe',
  '<h1',
  '<div',
  '<font',
  '<table',
  '<a',
  '<style',
  '<title',
  '<b',
  '<body',
  '<br',
  '<p',
  '<!--',
];
/** What must follow an opening: a space or `>` (`<a` alone, not `<abbr…`). */
const TAG_END = /^[\s>]/;

/** The text of the bytes (UTF-8, or UTF-16 by its byte-order mark), or undefined when they are binary. */
function textOf(bytes: Uint8Array): string | undefined {
  if (matches(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (matches(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  let controls = 0;
  for (const byte of bytes) {
    if (byte === 0) return undefined;
    // tab, line feed, vertical tab, form feed, carriage return and escape are text
    if (byte < 0x20 && !(byte >= 0x09 && byte <= 0x0d) && byte !== 0x1b) controls += 1;
  }
  if (controls > bytes.length / 100) return undefined;
  return new TextDecoder('utf-8').decode(bytes);
}

/** HTML, XML or SVG when the text opens with markup (after white space and a byte-order mark). */
function markupOf(text: string): SniffedContent | undefined {
  const start = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (start.startsWith('<?xml')) {
    if (/<svg[\s>]/.test(start)) return { type: 'image/svg+xml', family: 'markup' };
    if (/<html[\s>]/.test(start)) return { type: 'application/xhtml+xml', family: 'markup' };
    return { type: 'application/xml', family: 'markup' };
  }
  if (/^<svg[\s>]/.test(start)) return { type: 'image/svg+xml', family: 'markup' };
  if (start.startsWith('<!doctype svg')) return { type: 'image/svg+xml', family: 'markup' };
  for (const opening of HTML_OPENINGS) {
    if (start.startsWith(opening) && TAG_END.test(start.slice(opening.length)))
      return { type: 'text/html', family: 'markup' };
  }
  return undefined;
}

/** What the first bytes of a file (at least `SNIFF_BYTES` of them when the file is that long) show. */
export function sniffContent(bytes: Uint8Array): SniffedContent {
  if (bytes.length === 0) return UNKNOWN;
  for (const signature of SIGNATURES) {
    if (matches(bytes, signature.bytes, signature.offset))
      return { type: signature.type, family: signature.family };
  }
  const special = isoMedia(bytes) ?? riff(bytes) ?? ebml(bytes);
  if (special) return special;
  if (isBitmap(bytes)) return { type: 'image/bmp', family: 'image' };
  const pdf: SniffedContent = { type: 'application/pdf', family: 'pdf' };
  if (matches(bytes, ascii(PDF_HEADER))) return pdf;
  // text before a PDF header: markup stays markup (a browser would run it), the rest is text
  const text = textOf(bytes);
  if (text !== undefined) return markupOf(text) ?? { type: 'text/plain', family: 'text' };
  return hasPdfHeader(bytes) ? pdf : UNKNOWN;
}
