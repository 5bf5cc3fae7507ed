// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazy, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AfterFirstPaint, FirstPaintProvider, useFirstPaintTracker } from './firstPaint.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function App({ children }: { children: ReactNode }) {
  const painted = useFirstPaintTracker();
  return <FirstPaintProvider painted={painted}>{children}</FirstPaintProvider>;
}

describe('AfterFirstPaint', () => {
  it('shows the fallback in the first render and starts the lazy part only after the app has painted', async () => {
    const load = vi.fn(async () => ({ default: () => <p>Details form</p> }));
    const DetailsForm = lazy(load);
    render(
      <App>
        <AfterFirstPaint fallback={<p>Loading details</p>}>
          <DetailsForm />
        </AfterFirstPaint>
      </App>,
    );

    expect(screen.getByText('Loading details')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    expect(await screen.findByText('Details form')).toBeTruthy();
    expect(load).toHaveBeenCalledOnce();
    expect(screen.queryByText('Loading details')).toBeNull();
  });

  it('renders at once outside an app that tracks its paint (a component rendered on its own)', () => {
    render(
      <AfterFirstPaint fallback={<p>Loading</p>}>
        <p>Menu</p>
      </AfterFirstPaint>,
    );
    expect(screen.getByText('Menu')).toBeTruthy();
  });

  it('waits for an animation frame, then for the task after it (the frame is painted in between)', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    render(
      <App>
        <AfterFirstPaint fallback={<p>Loading</p>}>
          <p>Menu</p>
        </AfterFirstPaint>
      </App>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Menu'), 'no frame yet').toBeNull();
    act(() => frames[0]!(0));
    expect(screen.queryByText('Menu'), 'in the frame, before its paint').toBeNull();
    expect(await screen.findByText('Menu')).toBeTruthy();
  });
});
