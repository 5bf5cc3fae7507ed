import { describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_URL, isMissingPicture, profilePictureSrc } from './profilePicture.ts';

describe('missing profile picture (spec §3)', () => {
  it.each([
    undefined,
    null,
    '',
    '   ',
    'null',
    'undefined',
    '/media/agents/a1/null',
    'https://cdn.example/null',
  ])('%j counts as missing and shows the default image', (value) => {
    expect(isMissingPicture(value)).toBe(true);
    expect(profilePictureSrc(value)).toBe(DEFAULT_AVATAR_URL);
  });

  it.each(['/media/agents/a1/profile-1.jpg', 'https://cdn.example/nullable.jpg', '/media/null-island.png'])(
    '%j is a real picture',
    (value) => {
      expect(isMissingPicture(value)).toBe(false);
      expect(profilePictureSrc(value)).toBe(value);
    },
  );

  it('bundles the default image with the app (no request to another host)', () => {
    expect(DEFAULT_AVATAR_URL).toMatch(/^(data:image\/svg\+xml|\/.*default-avatar.*\.svg$)/);
  });
});
