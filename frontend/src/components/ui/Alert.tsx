import clsx from 'clsx';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';

export interface AlertProps {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
  className?: string;
}

const tones = {
  error: { box: 'border-red-200 bg-red-50 text-red-800', icon: CircleAlert, iconClass: 'text-red-600' },
  success: {
    box: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    icon: CircleCheck,
    iconClass: 'text-emerald-600',
  },
  info: { box: 'border-sky-200 bg-sky-50 text-sky-900', icon: Info, iconClass: 'text-sky-600' },
} as const;

/** A message box: errors are announced at once (role alert), others politely (role status). */
export function Alert({ tone = 'error', children, className }: AlertProps) {
  const { box, icon: Icon, iconClass } = tones[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx('flex items-start gap-3 rounded-xl border px-4 py-3 text-sm', box, className)}
    >
      <Icon className={clsx('mt-0.5 size-4.5 shrink-0', iconClass)} aria-hidden="true" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
