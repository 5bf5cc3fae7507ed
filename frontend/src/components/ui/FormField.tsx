import clsx from 'clsx';
import { CircleAlert } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Label } from './Label.tsx';

/** Props a FormField hands to its control so the label, hint and error are announced with it. */
export interface FormControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  /** The field's error message; when set the control is marked invalid and described by it. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Content at the right end of the label row, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  id?: string;
  className?: string;
  children: (control: FormControlProps) => ReactNode;
}

export function FormField({ label, error, hint, labelAside, id, className, children }: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint && !error ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={clsx('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={controlId}>{label}</Label>
        {labelAside}
      </div>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hintId && (
        <p id={hintId} className="text-sm text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-red-600">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
