import clsx from 'clsx';

export interface SpinnerProps {
  className?: string;
  /** When given, the spinner announces itself as a status with this text; otherwise it is decorative. */
  label?: string;
}

export function Spinner({ className, label }: SpinnerProps) {
  const icon = (
    <svg
      className={clsx('size-5 animate-spin', className)}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Centred spinner for a whole page or route while it loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center text-brand-2">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
