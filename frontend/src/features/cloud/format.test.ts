import { describe, expect, it } from 'vitest';
import {
  dateGroupOf,
  formatItemDate,
  formatSize,
  groupByDate,
  groupShared,
  previewKindOf,
} from './format.ts';

const now = new Date(2026, 10, 22, 15, 30);
const at = (daysAgo: number, hour = 10) => new Date(2026, 10, 22 - daysAgo, hour, 5).toISOString();

describe('formatSize', () => {
  it('uses Bytes, KB, MB, GB and TB, base 1024', () => {
    expect(formatSize(0)).toBe('0 Bytes');
    expect(formatSize(512)).toBe('512 Bytes');
    expect(formatSize(1024)).toBe('1 KB');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(20 * 1024 ** 2)).toBe('20 MB');
    expect(formatSize(1073741824)).toBe('1 GB');
    expect(formatSize(1073741824 - 100)).toBe('1 GB');
    expect(formatSize(3 * 1024 ** 4)).toBe('3 TB');
    expect(formatSize(5 * 1024 ** 5)).toBe('5120 TB');
  });
});

describe('dates and groups', () => {
  it('reads Today and Yesterday with a time, older dates as month, day and year', () => {
    expect(formatItemDate(at(0), now)).toMatch(/^Today, 10:05\sAM$/);
    expect(formatItemDate(at(1), now)).toMatch(/^Yesterday, 10:05\sAM$/);
    expect(formatItemDate(at(9), now)).toBe('Nov 13, 2026');
  });

  it('groups into Today, Yesterday, Previous 7 Days and Older, dropping empty groups', () => {
    expect(dateGroupOf(at(7), now)).toBe('Previous 7 Days');
    expect(dateGroupOf(at(8), now)).toBe('Older');
    const groups = groupByDate(
      [
        { id: 'a', created_at: at(0) },
        { id: 'b', created_at: at(30) },
        { id: 'c', created_at: at(0, 8) },
      ],
      now,
    );
    expect(groups.map((group) => [group.label, group.items.map((item) => item.id)])).toEqual([
      ['Today', ['a', 'c']],
      ['Older', ['b']],
    ]);
  });

  it('splits shared items into Shared with you and Shared by you', () => {
    const items = [
      { id: 'mine', agent_id: 'me', shared_with: [{ agent_id: 'you' }] },
      { id: 'theirs', agent_id: 'you', shared_with: [{ agent_id: 'me' }] },
    ];
    expect(
      groupShared(items, 'me').map((group) => [group.label, group.items.map((item) => item.id)]),
    ).toEqual([
      ['Shared with you', ['theirs']],
      ['Shared by you', ['mine']],
    ]);
    expect(groupShared([items[0]!], 'me').map((group) => group.label)).toEqual(['Shared by you']);
  });
});

describe('previewKindOf', () => {
  it('previews images, PDF, video, audio and text', () => {
    expect(previewKindOf({ name: 'a.png', mime_type: 'image/png' })).toBe('image');
    expect(previewKindOf({ name: 'a.pdf', mime_type: 'application/octet-stream' })).toBe('pdf');
    expect(previewKindOf({ name: 'a.mp4', mime_type: 'video/mp4' })).toBe('video');
    expect(previewKindOf({ name: 'a.mp3', mime_type: 'audio/mpeg' })).toBe('audio');
    expect(previewKindOf({ name: 'a.csv', mime_type: 'text/csv' })).toBe('text');
    expect(previewKindOf({ name: 'a.docx', mime_type: 'application/vnd.ms-word' })).toBe('none');
  });

  it('goes by the type the server read from the bytes, not the name: a web page named .pdf is a page', () => {
    expect(previewKindOf({ name: 'offer.pdf', mime_type: 'text/html' })).toBe('page');
    expect(previewKindOf({ name: 'offer.pdf', file_type: 'pdf', mime_type: 'application/xml' })).toBe('page');
    expect(previewKindOf({ name: 'photo.jpg', mime_type: 'image/png' })).toBe('image');
    expect(previewKindOf({ name: 'photo.jpg', mime_type: 'application/zip' })).toBe('none');
    expect(previewKindOf({ name: 'scan.pdf', mime_type: 'text/plain' })).toBe('text');
    // a picture a browser cannot draw is not previewed as one
    expect(previewKindOf({ name: 'raw.tif', mime_type: 'image/tiff' })).toBe('none');
    // no type from the bytes: the extension
    expect(previewKindOf({ name: 'page.html' })).toBe('page');
    expect(previewKindOf({ name: 'clip.mov', mime_type: 'application/octet-stream' })).toBe('video');
  });
});
