import { Slot } from '@radix-ui/react-slot';
import clsx from 'clsx';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from './Spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and marks the button busy and inert; the label stays for screen readers. */
  loading?: boolean;
  /** Render the single child (e.g. a router Link) with the button's styles instead of a <button>. */
  asChild?: boolean;
  fullWidth?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

const base =
  'relative inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap ' +
  'transition-[color,background-color,border-color,box-shadow] duration-150 select-none ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-1 ' +
  'disabled:pointer-events-none disabled:opacity-60 aria-busy:cursor-wait';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-2 text-white shadow-sm shadow-brand-900/10 hover:bg-brand-700 active:bg-brand-800',
  secondary:
    'border border-slate-300 bg-white text-slate-800 shadow-xs hover:border-slate-400 hover:bg-slate-50 active:bg-slate-100',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 active:bg-slate-200',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800 focus-visible:outline-red-600',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-5 text-base',
  icon: 'size-10',
};

export function buttonClassName({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  className,
}: Pick<ButtonProps, 'variant' | 'size' | 'fullWidth' | 'className'> = {}) {
  return clsx(base, variants[variant], sizes[size], fullWidth && 'w-full', className);
}

export function Button({
  variant,
  size,
  loading = false,
  asChild = false,
  fullWidth,
  className,
  disabled,
  type,
  children,
  onClick,
  ...props
}: ButtonProps) {
  const classes = buttonClassName({ variant, size, fullWidth, className });
  if (asChild) {
    return (
      <Slot
        className={clsx(classes, disabled && 'pointer-events-none opacity-60')}
        aria-disabled={disabled || undefined}
        onClick={onClick}
        {...props}
      >
        {children}
      </Slot>
    );
  }
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled}
      // While loading the button stays focusable (a disabled button would drop keyboard focus to <body>)
      // but ignores presses, including the form submit a click would trigger.
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      {...props}
      onClick={(event) => {
        if (loading) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {loading && (
        <span className="absolute inset-0 flex items-center justify-center">
          <Spinner className="size-4" />
        </span>
      )}
      <span className={clsx('inline-flex items-center gap-2', loading && 'invisible')}>{children}</span>
    </button>
  );
}
