import type { UploadTicket } from './api.ts';

/** Posts one file to its presigned POST (POST /api/uploads): the bytes go straight to S3. */
export function postToS3(ticket: UploadTicket, file: File): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', file, file.name);
  return fetch(ticket.url, { method: 'POST', body: form }).then((response) => {
    if (!response.ok) throw new Error(`${file.name} could not be uploaded`);
  });
}
