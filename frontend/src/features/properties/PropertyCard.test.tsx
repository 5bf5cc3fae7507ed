// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Cover } from './PropertyCard.tsx';
import type { Property } from './types.ts';

const listing = (url: string) => ({ media: [{ url, name: 'front.jpg' }] }) as unknown as Property;

describe('the cover photo', () => {
  it('fetches the first card’s photo at once and first, the others when they come near the view', () => {
    const { container } = render(
      <>
        <Cover property={listing('/media/first.jpg')} first />
        <Cover property={listing('/media/second.jpg')} />
      </>,
    );
    const [first, second] = container.querySelectorAll('img');
    expect(first?.getAttribute('loading')).toBe('eager');
    expect(first?.getAttribute('fetchpriority')).toBe('high');
    expect(second?.getAttribute('loading')).toBe('lazy');
    expect(second?.getAttribute('fetchpriority')).toBe('auto');
  });
});
