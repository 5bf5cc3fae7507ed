import { describe, expect, it } from 'vitest';
import {
  FILE_TOO_LARGE_MESSAGE,
  fitsStorage,
  SERVER_UPLOAD_ERROR,
  STORAGE_LIMIT_MESSAGE,
  UPLOAD_FAILED,
  uploadErrorMessage,
} from './uploads.ts';

describe('upload errors (spec §8)', () => {
  it('maps the storage paywall, 413, 500 and the server text', () => {
    expect(
      uploadErrorMessage(402, { paywall: true, feature: 'storage', message: STORAGE_LIMIT_MESSAGE }),
    ).toBe(STORAGE_LIMIT_MESSAGE);
    expect(uploadErrorMessage(413, { error: 'too big' })).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(uploadErrorMessage(400, { error: 'File size limit exceeded' })).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(uploadErrorMessage(500, {})).toBe(SERVER_UPLOAD_ERROR);
    expect(uploadErrorMessage(409, { details: 'The upload has not arrived yet' })).toBe(
      'The upload has not arrived yet',
    );
    expect(uploadErrorMessage(0, undefined)).toBe(UPLOAD_FAILED);
  });
});

describe('storage check before upload (spec §5)', () => {
  it('lets usage plus size reach the limit, not pass it; 1073741824 when absent; proceeds when unknown', () => {
    expect(fitsStorage({ usageBytes: 90, limitBytes: 100 }, 10)).toBe(true);
    expect(fitsStorage({ usageBytes: 91, limitBytes: 100 }, 10)).toBe(false);
    expect(fitsStorage({ usageBytes: 1073741823 }, 1)).toBe(true);
    expect(fitsStorage({ usageBytes: 1073741824 }, 1)).toBe(false);
    expect(fitsStorage(undefined, 10 ** 12)).toBe(true);
  });
});
