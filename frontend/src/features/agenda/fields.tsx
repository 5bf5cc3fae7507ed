import clsx from 'clsx';
import type { SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/** The app's field look (components/ui/Input.tsx) for the agenda's selects and text areas. */
const field =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 text-[0.9375rem] text-slate-900 shadow-xs ' +
  'transition-[border-color,box-shadow] duration-150 hover:border-slate-400 focus:border-brand-2 ' +
  'focus:ring-4 focus:ring-brand-1/15 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-100 ' +
  'disabled:text-slate-500 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/15';

export function Select({ className, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={clsx(field, 'h-11 pr-9', className)} {...props} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea className={clsx(field, 'py-2.5 placeholder:text-slate-400', className)} rows={3} {...props} />
  );
}
