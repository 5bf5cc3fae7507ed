import { describe, expect, it } from 'vitest';
import type { ContentPage } from './types.ts';
import { compareVersions } from './versionCompare.ts';

const page = (id: string, name: string, text: string): ContentPage => ({
  id,
  name,
  order: 0,
  slug: name.toLowerCase(),
  components: { type: 'wrapper', components: [{ type: 'text', content: text }] },
  styles: '',
});

describe('comparing the editor’s version with the one saved elsewhere', () => {
  it('finds nothing between equal versions, whatever order their keys were written in', () => {
    const mine = {
      title: 'Harbor',
      settings: { a: 1, b: { c: 2 } },
      content: { pages: [page('p1', 'Home', 'Hi')] },
    };
    const theirs = {
      title: 'Harbor',
      settings: { b: { c: 2 }, a: 1 },
      content: { pages: [page('p1', 'Home', 'Hi')] },
    };
    expect(compareVersions(mine, theirs)).toEqual([]);
  });

  it('names the title, the settings and each page that differs, is renamed, or is in one version only', () => {
    const mine = {
      title: 'Harbor & Pine',
      settings: { theme: { primary: '#111111' } },
      content: {
        pages: [page('p1', 'Home', 'Welcome'), page('p2', 'About', 'Us'), page('p3', 'Offers', 'New')],
      },
    };
    const theirs = {
      title: 'Harbor',
      settings: { theme: { primary: '#222222' } },
      content: {
        pages: [page('p1', 'Home', 'Hello'), page('p2', 'Our team', 'Us'), page('p4', 'Blog', 'Posts')],
      },
    };
    expect(compareVersions(mine, theirs)).toEqual([
      { subject: 'Site title', detail: '“Harbor & Pine” in yours, “Harbor” in the other version' },
      { subject: 'Settings', detail: 'Theme, SEO or other settings differ' },
      { subject: 'Home', detail: 'Content differs' },
      { subject: 'About', detail: 'Named “Our team” in the other version' },
      { subject: 'Offers', detail: 'Only in your version' },
      { subject: 'Blog', detail: 'Only in the other version' },
    ]);
  });
});
