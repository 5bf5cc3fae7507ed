import clsx from 'clsx';
import type { ComponentProps } from 'react';

/**
 * A form label. A native `<label>` that, like Radix's Label it replaces (which brought Radix's Primitive
 * into the first page load), keeps a double click on it from selecting text.
 */
export function Label({ className, onMouseDown, ...props }: ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or nest the control
    <label
      className={clsx('text-sm font-medium text-slate-800 select-none', className)}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        const target = event.target as HTMLElement;
        // only prevent text selection when clicking inside the label itself, not a control in it
        if (!event.defaultPrevented && event.detail > 1 && !target.closest('button, input, select, textarea'))
          event.preventDefault();
      }}
      {...props}
    />
  );
}
