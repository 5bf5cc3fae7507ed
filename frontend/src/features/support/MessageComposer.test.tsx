// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MessageComposer } from './MessageComposer.tsx';

describe('message composer', () => {
  it('keeps a long message whole, says it is too long and does not send it', () => {
    const onSend = vi.fn(async () => undefined);
    render(<MessageComposer label="Message" placeholder="Write" onSend={onSend} />);
    const box = screen.getByLabelText('Message') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'b'.repeat(2050) } });

    expect(box.value).toHaveLength(2050);
    expect(screen.getByRole('alert').textContent).toBe(
      'A message must be at most 2,000 characters (it has 2,050)',
    );
    expect(screen.getByText('2,050 / 2,000')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });
});
