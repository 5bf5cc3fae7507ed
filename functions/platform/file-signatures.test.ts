import { describe, expect, it } from 'vitest';
import { textPdf } from '#local/seed-cloud';
import { sniffContent } from './file-signatures.ts';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );

describe('sniffContent', () => {
  it('reads pictures, PDF, films and sound by their magic numbers', () => {
    const cases: Array<[Uint8Array, string, string]> = [
      [bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image/jpeg', 'image'],
      [bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'), 'image/png', 'image'],
      [bytes('GIF89a', [1, 0, 1, 0]), 'image/gif', 'image'],
      [bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image/webp', 'image'],
      [bytes([0, 0, 0, 0x1c], 'ftypavif'), 'image/avif', 'image'],
      [bytes([0, 0, 0, 0x18], 'ftypheic'), 'image/heic', 'image'],
      [bytes('BM', [0x36, 0, 0, 0], [0, 0, 0, 0], [0x36, 0, 0, 0]), 'image/bmp', 'image'],
      [textPdf(['Villa Aurora']), 'application/pdf', 'pdf'],
      [bytes([0, 0, 0, 0x20], 'ftypisom'), 'video/mp4', 'video'],
      [bytes([0, 0, 0, 0x14], 'ftypqt  '), 'video/quicktime', 'video'],
      [bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'), 'video/webm', 'video'],
      [bytes('ID3', [4, 0, 0]), 'audio/mpeg', 'audio'],
      [bytes([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg', 'audio'],
      [bytes([0, 0, 0, 0x20], 'ftypM4A '), 'audio/mp4', 'audio'],
      [bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'audio/wav', 'audio'],
      [bytes('OggS', [0, 2]), 'audio/ogg', 'audio'],
      [bytes('fLaC', [0, 0, 0, 0x22]), 'audio/flac', 'audio'],
      [bytes('PK', [3, 4, 20, 0]), 'application/zip', 'container'],
      [bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'application/x-ole-storage', 'container'],
      [bytes('MZ', [0x90, 0]), 'application/x-msdownload', 'binary'],
    ];
    for (const [content, type, family] of cases) {
      expect(sniffContent(content), type).toEqual({ type, family });
    }
  });

  it('reads a PDF whose header follows a binary preamble, as PDF readers do', () => {
    expect(sniffContent(bytes([0x00, 0x01, 0x02, 0xff], '%PDF-1.7\n')).type).toBe('application/pdf');
  });

  it('calls a web page a web page whatever it is named: HTML, XHTML, SVG and XML as a browser sniffs them', () => {
    const cases: Array<[string, string]> = [
      ['<!DOCTYPE html><html><script>alert(1)</script>', 'text/html'],
      ['\uFEFF  \n\t<html lang="en">', 'text/html'],
      ['<script>top.location="https://evil.example"</script>', 'text/html'],
      ['<a href="x">', 'text/html'],
      ['<P>hello', 'text/html'],
      ['<!-- saved from url --><html>', 'text/html'],
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>', 'image/svg+xml'],
      ['<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg">', 'image/svg+xml'],
      ['<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml">', 'application/xhtml+xml'],
      ['<?xml version="1.0"?><listing/>', 'application/xml'],
    ];
    for (const [text, type] of cases) {
      expect(sniffContent(Buffer.from(text)), text).toEqual({ type, family: 'markup' });
    }
    // UTF-16 with its byte-order mark
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<html><body>', 'utf16le')]);
    expect(sniffContent(utf16)).toEqual({ type: 'text/html', family: 'markup' });
  });

  it('reads other text as text: a tag that only starts like one, markup further down, plain notes', () => {
    for (const text of [
      'Viewing notes: ask about parking.',
      '<abbr>not an opening the sniffer knows',
      'address,price\nPine St 12,405000\n',
      'Olá, coração — ç',
      'hello\n<html><script>1</script>',
      '{"rooms": 3}',
    ]) {
      expect(sniffContent(Buffer.from(text)), text).toEqual({ type: 'text/plain', family: 'text' });
    }
  });

  it('answers octet-stream for bytes no signature matches, and for nothing', () => {
    expect(sniffContent(Buffer.alloc(64, 7))).toEqual({ type: 'application/octet-stream', family: 'binary' });
    expect(sniffContent(bytes([0x00, 0x00, 0x00, 0x00, 0x41]))).toMatchObject({ family: 'binary' });
    expect(sniffContent(new Uint8Array())).toEqual({ type: 'application/octet-stream', family: 'binary' });
    // "BM" text is not a bitmap
    expect(sniffContent(Buffer.from('BMW dealership brochure'))).toMatchObject({ type: 'text/plain' });
  });
});
