// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './Button.tsx';
import { textLimit } from './CharacterCount.tsx';
import { FormField } from './FormField.tsx';
import { Input } from './Input.tsx';
import { Modal } from './Modal.tsx';

afterEach(() => cleanup());

describe('Button', () => {
  it('is a non-submitting button by default', () => {
    render(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('type', 'button');
  });

  it('ignores presses while loading but keeps its name and focusability', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(button);

    expect(onClick).not.toHaveBeenCalled();
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
  });

  it('renders its child with button styles when asChild', () => {
    render(
      <Button asChild variant="secondary">
        <a href="/agents/upgrade">Upgrade Now</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Upgrade Now' });
    expect(link.className).toContain('rounded-lg');
  });
});

describe('FormField', () => {
  it('labels the control and describes it by the hint, then by the error', () => {
    const field = (error?: string) => (
      <FormField label="Email" hint="We never share it." error={error}>
        {(control) => <Input {...control} />}
      </FormField>
    );
    const { rerender } = render(field());
    const input = screen.getByLabelText('Email');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
      'We never share it.',
    );
    expect(input.hasAttribute('aria-invalid')).toBe(false);

    rerender(field('Enter your email address'));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter your email address',
    );
  });
});

describe('Modal', () => {
  it('is a dialog named by its title and described by its description', () => {
    render(
      <Modal open onOpenChange={() => {}} title="Limit Reached" description="You have used 10 of 10.">
        body
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Limit Reached' });
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe(
      'You have used 10 of 10.',
    );
  });

  it('closes from its Close button', async () => {
    const onOpenChange = vi.fn();
    render(<Modal open onOpenChange={onOpenChange} title="Title" />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

function NameField({ value }: { value: string }) {
  const limit = textLimit('Agency name', value, 120);
  return (
    <FormField label="Agency name" error={limit.error} labelAside={limit.counter}>
      {(control) => <Input {...control} value={value} readOnly />}
    </FormField>
  );
}

describe('textLimit', () => {
  it('shows the count near the limit and the message past it, keeping every character', () => {
    const { rerender } = render(<NameField value={'a'.repeat(50)} />);
    expect(screen.queryByText(/\/ 120/)).toBeNull();
    rerender(<NameField value={'a'.repeat(100)} />);
    expect(screen.getByText('100 / 120')).toBeTruthy();
    rerender(<NameField value={'a'.repeat(130)} />);
    expect(screen.getByText('Agency name must be at most 120 characters (it has 130)')).toBeTruthy();
    // nothing was cut: the field holds what was typed or pasted
    expect((screen.getByLabelText('Agency name') as HTMLInputElement).value).toHaveLength(130);
  });
});
