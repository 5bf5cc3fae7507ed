import { describe, expect, it } from 'vitest';
import { JPEG_1X1, jpegDeclaring } from '../../tests/fixtures/images.ts';
import { detectImageType, jpegDimensions, mediaKeyOf, requireImage, requireSquareJpeg } from './media.ts';

const file = (content: Buffer, field = 'files') => ({
  field,
  filename: 'x',
  mimeType: 'image/jpeg',
  content,
});

describe('image detection', () => {
  it('knows JPEG, PNG and WebP by their magic numbers', () => {
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.contentType).toBe('image/jpeg');
    expect(detectImageType(Buffer.from('89504e470d0a1a0a0000', 'hex'))?.extension).toBe('png');
    expect(detectImageType(Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L', 'latin1'))?.extension).toBe('webp');
  });

  it('refuses GIF, SVG, PDF, a RIFF that is not WebP, truncated headers and empty files', () => {
    for (const bytes of [
      Buffer.from('GIF89a'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('%PDF-1.7'),
      Buffer.from('RIFF\x1a\x00\x00\x00WAVEfmt ', 'latin1'),
      Buffer.from([0xff, 0xd8]),
      Buffer.from('89504e47', 'hex'),
      Buffer.alloc(0),
    ]) {
      expect(detectImageType(bytes), bytes.toString('hex')).toBeUndefined();
    }
  });

  it('names the missing field, and refuses more than one image', () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff]);

    expect(() => requireImage([file(jpeg, 'file')])).toThrow('A file is required');
    expect(() => requireImage([file(jpeg), file(jpeg)])).toThrow('must be a single image');
    expect(requireImage([file(jpeg)]).type.extension).toBe('jpg');
  });
});

describe('profile pictures', () => {
  it('reads a JPEG size from its frame header, past the segments before it', () => {
    expect(jpegDimensions(JPEG_1X1)).toEqual({ width: 1, height: 1 });
    expect(jpegDimensions(jpegDeclaring(640, 400))).toEqual({ width: 640, height: 400 });
    expect(jpegDimensions(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeUndefined();
    expect(jpegDimensions(JPEG_1X1.subarray(0, 40))).toBeUndefined();
  });

  it('takes a square JPEG only, naming the profile picture', () => {
    expect(requireSquareJpeg([file(jpegDeclaring(512, 512))]).type.extension).toBe('jpg');
    const message = 'The profile picture must be a square JPEG image';
    expect(() => requireSquareJpeg([file(jpegDeclaring(640, 400))])).toThrow(message);
    expect(() => requireSquareJpeg([file(Buffer.from('89504e470d0a1a0a0000', 'hex'))])).toThrow(message);
    expect(() => requireSquareJpeg([file(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))])).toThrow(message);
  });
});

describe('media keys', () => {
  it('maps a URL path in the folder back to its key', () => {
    expect(mediaKeyOf('/media/agents/a1/profile-1.jpg', 'agents/a1')).toBe('media/agents/a1/profile-1.jpg');
  });

  it('never maps a URL outside the folder', () => {
    for (const url of [
      undefined,
      '',
      'null',
      'https://cdn.example/media/agents/a1/p.jpg',
      '/media/agents/a2/profile-1.jpg',
      '/media/agents/a1/../a2/profile-1.jpg',
      '/media/agents/a1/sub/profile-1.jpg',
      '/media/agents/a1/',
      '/media/agents/a10/profile-1.jpg',
    ]) {
      expect(mediaKeyOf(url, 'agents/a1'), String(url)).toBeUndefined();
    }
  });
});
