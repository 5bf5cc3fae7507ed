import clsx from 'clsx';
import type { HTMLAttributes } from 'react';

type DivProps = HTMLAttributes<HTMLDivElement>;

export function Card({ className, ...props }: DivProps) {
  return (
    <div
      className={clsx('rounded-2xl border border-slate-200 bg-white shadow-sm shadow-slate-900/5', className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: DivProps) {
  return <div className={clsx('space-y-1 p-6 pb-0', className)} {...props} />;
}

export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h2 className={clsx('text-lg font-semibold tracking-tight text-slate-900', className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={clsx('text-sm text-slate-600', className)} {...props} />;
}

export function CardContent({ className, ...props }: DivProps) {
  return <div className={clsx('p-6', className)} {...props} />;
}

export function CardFooter({ className, ...props }: DivProps) {
  return (
    <div
      className={clsx('flex items-center gap-3 border-t border-slate-100 px-6 py-4', className)}
      {...props}
    />
  );
}
