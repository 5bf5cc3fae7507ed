import clsx from 'clsx';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Call to action, usually one or two Buttons. */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div className={clsx('flex flex-col items-center px-6 py-12 text-center', className)}>
      {icon && (
        <div
          className="mb-5 flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-2 ring-1 ring-brand-100 [&_svg]:size-7"
          aria-hidden="true"
        >
          {icon}
        </div>
      )}
      <h2 className="text-lg font-semibold tracking-tight text-slate-900">{title}</h2>
      {description && (
        <p className="mt-2 max-w-sm text-[0.9375rem] leading-relaxed text-slate-600">{description}</p>
      )}
      {action && <div className="mt-6 flex flex-wrap justify-center gap-3">{action}</div>}
    </div>
  );
}
