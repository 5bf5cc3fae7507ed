import clsx from 'clsx';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Content drawn inside the field on the left (an icon). Decorative. */
  leading?: ReactNode;
  /** Content drawn inside the field on the right (an icon or a small button such as "Show password"). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

const field =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3.5 text-[0.9375rem] text-slate-900 shadow-xs ' +
  'placeholder:text-slate-400 transition-[border-color,box-shadow] duration-150 ' +
  'hover:border-slate-400 focus:border-brand-2 focus:ring-4 focus:ring-brand-1/15 focus:outline-none ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 ' +
  'aria-invalid:border-red-500 aria-invalid:hover:border-red-500 aria-invalid:focus:ring-red-500/15';

export function Input({ className, leading, trailing, type = 'text', ...props }: InputProps) {
  const input = (
    <input
      type={type}
      className={clsx(field, leading && 'pl-10', trailing && 'pr-11', !leading && !trailing && className)}
      {...props}
    />
  );
  if (!leading && !trailing) return input;
  return (
    <div className={clsx('relative', className)}>
      {leading && (
        <span
          className="pointer-events-none absolute inset-y-0 left-0 flex w-10 items-center justify-center text-slate-400"
          aria-hidden="true"
        >
          {leading}
        </span>
      )}
      {input}
      {trailing && <span className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</span>}
    </div>
  );
}
