import { describe, expect, it } from 'vitest';
import { textPdf } from '#local/seed-cloud';
import { sniffContent } from '#platform/file-signatures';
import { disguiseMessage, judgeArrival, servedAs } from './cloud.ts';

const judge = (name: string, declared: string | undefined, content: Uint8Array | string) =>
  judgeArrival(name, declared, sniffContent(typeof content === 'string' ? Buffer.from(content) : content));

const PAGE = '<!doctype html><html><body><form action="https://evil.example"><input type="password">';

describe('what an arrived upload is', () => {
  it('refuses a web page named or declared as a PDF, a picture, a video or a sound file, saying what it is', () => {
    expect(judge('offer.pdf', 'application/pdf', PAGE)).toEqual({
      contentType: 'text/html',
      message:
        '“offer.pdf” is not a PDF: its contents are a web page (HTML). Upload the real file, or give it a name that says what it is (.html for a web page).',
    });
    expect(judge('offer.pdf', 'text/html', PAGE).message).toMatch(/is not a PDF/);
    expect(judge('offer', 'application/pdf', PAGE).message).toMatch(/“offer” is not a PDF/);
    expect(judge('front.jpg', 'image/jpeg', '<svg xmlns="http://www.w3.org/2000/svg">').message).toMatch(
      /is not a picture: its contents are an SVG drawing/,
    );
    expect(judge('tour.mp4', 'video/mp4', PAGE).message).toMatch(/is not a video/);
    expect(judge('call.mp3', 'audio/mpeg', '<?xml version="1.0"?><a/>').message).toMatch(
      /is not a sound file: its contents are an XML document/,
    );
  });

  it('keeps a web page that says what it is, or names no previewed type, as the page it is', () => {
    expect(judge('brochure.html', 'text/html', PAGE)).toEqual({ contentType: 'text/html' });
    expect(judge('logo.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg">')).toEqual({
      contentType: 'image/svg+xml',
    });
    // old exporters save spreadsheets as HTML named .xls: kept, served as a download
    expect(judge('report.xls', 'application/vnd.ms-excel', PAGE)).toEqual({ contentType: 'text/html' });
    expect(judge('notes.txt', 'text/plain', PAGE)).toEqual({ contentType: 'text/html' });
  });

  it('types the rest by their bytes, with the name or declared type only where bytes cannot tell', () => {
    expect(judge('plan.pdf', 'application/pdf', textPdf(['Plan']))).toEqual({
      contentType: 'application/pdf',
    });
    // a PNG named .jpg is a PNG; a PDF named .jpg a PDF
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect(judge('front.jpg', 'image/jpeg', png)).toEqual({ contentType: 'image/png' });
    expect(judge('front.jpg', 'image/jpeg', textPdf(['x']))).toEqual({ contentType: 'application/pdf' });
    // text: which text from the declared type or the name, else plain text — never the page it claims
    expect(judge('prices.csv', 'text/csv', 'a,b\n1,2')).toEqual({ contentType: 'text/csv' });
    expect(judge('prices.csv', 'application/octet-stream', 'a,b\n1,2')).toEqual({ contentType: 'text/csv' });
    expect(judge('data.json', 'application/json', '{"a":1}')).toEqual({ contentType: 'application/json' });
    expect(judge('scan.pdf', 'application/pdf', 'not really a pdf')).toEqual({ contentType: 'text/plain' });
    expect(judge('page.html', 'text/html', 'hello <b>there</b>')).toEqual({ contentType: 'text/plain' });
    // zip-based documents keep the document type the zip holds
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]);
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    expect(judge('deed.docx', docx, zip)).toEqual({ contentType: docx });
    expect(judge('deed.docx', 'application/octet-stream', zip)).toEqual({ contentType: docx });
    expect(judge('photos.zip', 'application/zip', zip)).toEqual({ contentType: 'application/zip' });
    expect(judge('deed.docx', docx, Buffer.alloc(32, 7))).toEqual({
      contentType: 'application/octet-stream',
    });
  });

  it('names no disguise for a file that is no web page', () => {
    expect(disguiseMessage('offer.pdf', 'application/pdf', 'application/pdf')).toBeUndefined();
    expect(disguiseMessage('offer.html', 'text/html', 'text/html')).toBeUndefined();
  });
});

describe('how a cloud file is served', () => {
  it('in place only when a browser runs nothing of it; a file whose bytes were never read only as a download', () => {
    expect(servedAs({ content_type: 'application/pdf' })).toEqual({
      contentType: 'application/pdf',
      disposition: 'inline',
    });
    expect(servedAs({ content_type: 'image/png' }).disposition).toBe('inline');
    expect(servedAs({ content_type: 'text/plain' }).disposition).toBe('inline');
    expect(servedAs({ content_type: 'text/html' })).toEqual({
      contentType: 'text/html',
      disposition: 'attachment',
    });
    expect(servedAs({ content_type: 'image/svg+xml' }).disposition).toBe('attachment');
    expect(servedAs({ content_type: 'text/csv' }).disposition).toBe('attachment');
    expect(servedAs({})).toEqual({ contentType: 'application/octet-stream', disposition: 'attachment' });
  });
});
