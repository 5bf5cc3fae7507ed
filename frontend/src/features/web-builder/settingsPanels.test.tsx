// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import type { Editor } from 'grapesjs';
import { afterEach, describe, expect, it } from 'vitest';
import { SeoPanel } from './settingsPanels.tsx';

afterEach(cleanup);

const panel = (title: string, description: string) => (
  <SeoPanel
    editor={{} as Editor}
    settings={{ globalSEO: { description } }}
    onChange={() => {}}
    pageOrder={[]}
    title={title}
    onTitleChange={() => {}}
  />
);

describe('SeoPanel', () => {
  it('shows the limits before they bite and says what is too long, cutting nothing', () => {
    const { rerender } = render(panel('Harbor & Pine', 'Homes by the water'));
    expect(screen.queryByText(/\/ 200/)).toBeNull();

    rerender(panel('t'.repeat(170), 'd'.repeat(1200)));
    expect(screen.getByText('170 / 200')).toBeTruthy();
    expect(screen.getByText('Description must be at most 1,000 characters (it has 1,200)')).toBeTruthy();
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toHaveLength(1200);

    rerender(panel('t'.repeat(210), ''));
    expect(screen.getByText('Site title must be at most 200 characters (it has 210)')).toBeTruthy();
  });
});
