import clsx from 'clsx';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/ui/Button.tsx';
import { GoogleIcon } from './AuthLayout.tsx';

/** The look of a text link or link-like button on the auth screens. */
const AUTH_LINK_CLASS = 'rounded font-semibold text-brand-2 hover:text-brand-800 hover:underline';

export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={AUTH_LINK_CLASS}>
      {children}
    </Link>
  );
}

/** The footer of the screens that branch off the login form. */
export function BackToSignIn() {
  return <AuthLink to={paths.login}>Back to sign in</AuthLink>;
}

export interface AuthFormProps {
  /** The form's accessible name. */
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  className?: string;
  children: ReactNode;
}

/** An auth form: validated by the page (not the browser), its fields spaced evenly. */
export function AuthForm({ label, onSubmit, className, children }: AuthFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} className={clsx(className, 'space-y-5')} aria-label={label}>
      {children}
    </form>
  );
}

/** The full-width submit button at the end of an auth form. */
export function SubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" fullWidth loading={loading}>
      {children}
    </Button>
  );
}

export interface GoogleOptionProps {
  label: string;
  loading: boolean;
  onClick: () => void;
  buttonClassName?: string;
  dividerClassName?: string;
}

/** The "… with Google" button and the "or with email" rule above the email form. */
export function GoogleOption({
  label,
  loading,
  onClick,
  buttonClassName,
  dividerClassName,
}: GoogleOptionProps) {
  return (
    <>
      <Button
        variant="secondary"
        size="lg"
        fullWidth
        className={buttonClassName}
        loading={loading}
        onClick={onClick}
      >
        <GoogleIcon />
        {label}
      </Button>
      <div
        className={clsx(
          dividerClassName,
          'flex items-center gap-3 text-xs font-medium tracking-wide text-slate-500 uppercase',
        )}
      >
        <span className="h-px flex-1 bg-slate-200" />
        or with email
        <span className="h-px flex-1 bg-slate-200" />
      </div>
    </>
  );
}

export interface ResendCodeProps {
  /** The sentence before the button. */
  prompt: string;
  label: string;
  sending: boolean;
  onResend: () => void;
}

/** The line under a code form with a button that emails a new code. */
export function ResendCode({ prompt, label, sending, onResend }: ResendCodeProps) {
  return (
    <p className="text-center text-sm text-slate-600">
      {prompt}{' '}
      <button
        type="button"
        onClick={onResend}
        aria-busy={sending || undefined}
        className={`${AUTH_LINK_CLASS} aria-busy:cursor-wait aria-busy:opacity-60`}
      >
        {sending ? 'Sending…' : label}
      </button>
    </p>
  );
}

/** The address a code was sent to, as it stands in a screen's subtitle. */
export function SentTo({ email }: { email: string }) {
  return <strong className="font-semibold text-slate-800">{email}</strong>;
}
