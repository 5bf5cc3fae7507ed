import { describe, expect, it } from 'vitest';
import { mediaKey, mediaResponseHeaders } from './media-proxy.ts';

describe('mediaKey', () => {
  it('maps /media/<rest> to the object key media/<rest>, decoded', () => {
    expect(mediaKey('/media/properties/p1/front%20view.jpg')).toBe('media/properties/p1/front view.jpg');
    expect(mediaKey('/media/a%2Fb.png')).toBe('media/a/b.png');
  });

  it('refuses anything that could leave the media/ prefix', () => {
    for (const path of [
      '/media/',
      '/media//x',
      '/media/../cloud/x',
      '/media/..%2Fcloud/x',
      '/media/%2e%2e/cloud/x',
      '/media/x/%2E%2E/%2E%2E/cloud/y',
      '/media/.%2fx',
      '/media/a%5C..%5Cb',
      '/media/%E0%A4%A',
      '/cloud/x',
    ]) {
      expect(mediaKey(path), path).toBeUndefined();
    }
  });
});

describe('mediaResponseHeaders', () => {
  it('sends pictures (and the other types a browser runs nothing of) in place, anything else as an attachment', () => {
    const picture = { 'content-type': 'image/jpeg', 'x-content-type-options': 'nosniff' };
    expect(mediaResponseHeaders(picture)).toEqual(picture);
    for (const type of ['text/html', 'image/svg+xml', 'application/xml', 'application/octet-stream'])
      expect(mediaResponseHeaders({ 'content-type': type })['content-disposition'], type).toBe('attachment');
    expect(mediaResponseHeaders({})['content-disposition']).toBe('attachment');
  });
});
