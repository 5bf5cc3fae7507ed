import clsx from 'clsx';
import { useId } from 'react';
import { PRODUCT_NAME } from '../app/brand.ts';

/** The EstateNet mark (same drawing as public/favicon.svg), in the brand colours. */
export function LogoMark({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  const gradientId = useId();
  return (
    <svg className={clsx('size-9', className)} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--brand-1)" />
          <stop offset="1" stopColor="var(--brand-2)" />
        </linearGradient>
      </defs>
      <rect
        width="32"
        height="32"
        rx="8"
        fill={inverted ? 'rgb(255 255 255 / 0.14)' : `url(#${gradientId})`}
      />
      <path d="M8 15.5 16 9l8 6.5V24a1 1 0 0 1-1 1h-4.5v-5.5h-5V25H9a1 1 0 0 1-1-1z" fill="#fff" />
      <circle cx="24" cy="9" r="2.5" fill="#fff" fillOpacity=".85" />
    </svg>
  );
}

/** Mark plus wordmark. `inverted` is for dark/brand backgrounds. */
export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={clsx('inline-flex items-center gap-2.5', className)}>
      <LogoMark inverted={inverted} />
      <span className={clsx('text-xl font-bold tracking-tight', inverted ? 'text-white' : 'text-slate-900')}>
        {PRODUCT_NAME}
      </span>
    </span>
  );
}
