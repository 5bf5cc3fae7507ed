import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_SAVE_REQUEST_BYTES, saveRequestOf, tooLargeMessage } from './saveRequest.ts';

describe('website save requests', () => {
  it('sends the JSON gzip-compressed, typed as JSON, and it inflates back to the same JSON', async () => {
    const body = {
      content: { styles: '.a{color:red}'.repeat(2_000), pages: [{ id: 'home', name: 'Início' }] },
    };
    const request = await saveRequestOf(body);
    expect(request.headers).toEqual({ 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
    const bytes = Buffer.from(await (request.body as Blob).arrayBuffer());
    expect((request.body as Blob).type).toBe('application/json');
    expect(request.size).toBe(bytes.length);
    expect(request.size).toBeLessThan(JSON.stringify(body).length / 10);
    expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toEqual(body);
  });

  it('says how large a save is that cannot be sent', () => {
    expect(tooLargeMessage(MAX_SAVE_REQUEST_BYTES + 1)).toBe(
      'This website is too large to save (4.5 MB after compression; the limit is 4.4 MB). Remove pages or images pasted into the page, then save again.',
    );
  });
});
