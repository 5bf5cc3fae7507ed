import { describe, expect, it } from 'vitest';
import { type CloudLocation, cloudLocationSearch, parseCloudLocation } from './location.ts';

const parse = (search: string) => parseCloudLocation(new URLSearchParams(search));

describe('the cloud screen’s address', () => {
  it('round-trips every view and folder through the query string', () => {
    const locations: CloudLocation[] = [
      { view: 'recent', folderId: null },
      { view: 'folder', folderId: null },
      { view: 'folder', folderId: 'f-1' },
      { view: 'shared', folderId: null },
      { view: 'shared', folderId: 'f 2/é' },
      { view: 'trash', folderId: null },
    ];
    for (const location of locations) expect(parse(cloudLocationSearch(location))).toEqual(location);
    expect(cloudLocationSearch({ view: 'recent', folderId: null })).toBe('');
    expect(cloudLocationSearch({ view: 'folder', folderId: 'f-1' })).toBe('folder=f-1');
  });

  it('reads a hand-made or stale address as the nearest real place', () => {
    expect(parse('view=nonsense')).toEqual({ view: 'recent', folderId: null });
    expect(parse('view=trash&folder=x')).toEqual({ view: 'trash', folderId: null });
    expect(parse('view=recent&folder=x')).toEqual({ view: 'folder', folderId: 'x' });
    expect(parse('folder=%20%20')).toEqual({ view: 'recent', folderId: null });
  });
});
