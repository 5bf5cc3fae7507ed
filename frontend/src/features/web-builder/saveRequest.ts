/**
 * The body of a website save: JSON, gzip-compressed when the browser can (CompressionStream), so that a
 * large real site stays far below API Gateway's and Lambda's 6 MB request limit (a site's JSON shrinks
 * about tenfold). The server inflates it (functions/platform/body.ts).
 */

/**
 * The largest save that can arrive: Lambda's 6 MB event, less room for headers, holding the compressed
 * body base64-encoded (API Gateway's encoding of a binary body: 4 bytes per 3).
 */
export const MAX_SAVE_REQUEST_BYTES = Math.floor(((6 * 1024 * 1024 - 64 * 1024) * 3) / 4);

export interface SaveRequest {
  body: Blob | string;
  headers: Record<string, string>;
  /** bytes sent */
  size: number;
}

export async function saveRequestOf(value: unknown): Promise<SaveRequest> {
  const json = JSON.stringify(value);
  if (typeof CompressionStream === 'undefined') {
    return { body: json, headers: { 'Content-Type': 'application/json' }, size: new Blob([json]).size };
  }
  const gzipped = await new Response(
    new Blob([json]).stream().pipeThrough(new CompressionStream('gzip')),
  ).blob();
  // the Blob's own type becomes the Content-Type (RTK Query's fetch drops a header it did not make for a Blob)
  const compressed = new Blob([gzipped], { type: 'application/json' });
  return {
    body: compressed,
    headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    size: compressed.size,
  };
}

const megabytes = (bytes: number, round: (value: number) => number) =>
  (round((bytes / 1024 / 1024) * 10) / 10).toFixed(1);

/** What the agent reads when a save is too large to send. */
export const tooLargeMessage = (size: number) =>
  `This website is too large to save (${megabytes(size, Math.ceil)} MB after compression; the limit is ${megabytes(MAX_SAVE_REQUEST_BYTES, Math.floor)} MB). Remove pages or images pasted into the page, then save again.`;
