import { describe, expect, it } from 'vitest';
import { isFullWidthRoute } from './AppShell.tsx';

describe('full-width screens', () => {
  it('collapses the sidebar for the website editor only, not for the website list', () => {
    expect(isFullWidthRoute('/web-builder', '?id=site-1')).toBe(true);
    expect(isFullWidthRoute('/web-builder', '')).toBe(false);
    expect(isFullWidthRoute('/properties/property-list', '?id=site-1')).toBe(false);
  });
});
