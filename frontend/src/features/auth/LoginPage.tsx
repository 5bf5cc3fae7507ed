import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { SESSION_DAYS } from '#contracts/session-lifetimes';
import { PRODUCT_NAME } from '../../app/brand.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { EmailField, PasswordField } from './AuthFields.tsx';
import { AuthForm, AuthLink, GoogleOption, SubmitButton } from './AuthFormParts.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { googleSignInOffered, rememberPendingSignIn, signIn, signInWithGoogle } from './authApi.ts';
import { selectToken, setCredentials } from './authSlice.ts';
import { authErrorMessage, isUnconfirmed } from './cognito.ts';
import { FormAlert } from './FormAlert.tsx';
import { type LoginValues, validateLogin } from './loginValidation.ts';
import { useValidatedValues } from './useValidatedValues.ts';

/** Router state other auth screens hand to the login page. */
export interface LoginLocationState {
  notice?: string;
  /** success (email confirmed, password changed) or info (the session ended) */
  noticeTone?: 'success' | 'info';
  email?: string;
}

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const handed = (location.state ?? {}) as LoginLocationState;
  const { values, validateAll, field } = useValidatedValues<LoginValues>(
    { email: handed.email ?? '', password: '' },
    validateLogin,
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<'password' | 'google' | null>(null);
  // "Keep me signed in": a month across browser restarts; otherwise until the browser closes (at most a week)
  const [keepSignedIn, setKeepSignedIn] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const offerGoogle = googleSignInOffered();
  const signedIn = Boolean(useAppSelector(selectToken));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const found = validateAll();
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();

    const email = values.email.trim();
    setPending('password');
    try {
      const credentials = await signIn(email, values.password, { keepSignedIn });
      dispatch(setCredentials(credentials));
      navigate(paths.profile, { replace: true });
    } catch (error) {
      if (isUnconfirmed(error)) {
        rememberPendingSignIn(email, values.password);
        navigate(`${paths.confirm}?email=${encodeURIComponent(email)}`, {
          state: { notice: authErrorMessage('signIn', error) },
        });
        return;
      }
      setFormError(authErrorMessage('signIn', error));
    } finally {
      setPending(null);
    }
  };

  const onGoogle = async () => {
    if (pending) return;
    setFormError(null);
    setPending('google');
    try {
      await signInWithGoogle({ keepSignedIn });
    } catch (error) {
      setFormError(authErrorMessage('signIn', error));
      setPending(null);
    }
  };

  // A session that is still on goes straight to the app (the shell ends it if the API refuses it).
  if (signedIn && !pending) return <Navigate to={paths.profile} replace />;

  return (
    <AuthLayout
      title="Welcome back"
      subtitle={`Sign in to your ${PRODUCT_NAME} account to continue.`}
      footer={
        <>
          New to {PRODUCT_NAME}? <AuthLink to={paths.register}>Create an account</AuthLink>
        </>
      }
    >
      <div className="mt-8" />
      {offerGoogle && (
        <GoogleOption
          label="Sign in with Google"
          loading={pending === 'google'}
          onClick={onGoogle}
          dividerClassName="my-6"
        />
      )}

      <FormAlert
        error={formError}
        notice={handed.notice}
        noticeTone={handed.noticeTone ?? 'success'}
        className="mb-5"
      />

      <AuthForm label="Sign in" onSubmit={onSubmit}>
        <EmailField {...field('email', emailRef)} />

        <PasswordField
          label="Password"
          labelAside={
            <Link
              to={paths.forgotPassword}
              state={{ email: values.email.trim() }}
              className="rounded text-sm font-medium text-brand-2 hover:text-brand-800 hover:underline"
            >
              Forgot password?
            </Link>
          }
          {...field('password', passwordRef)}
          name="password"
          autoComplete="current-password"
          placeholder="Enter your password"
        />

        <KeepSignedIn checked={keepSignedIn} onChange={setKeepSignedIn} />

        <SubmitButton loading={pending === 'password'}>Sign in</SubmitButton>
      </AuthForm>
    </AuthLayout>
  );
}

/**
 * The "Keep me signed in" box: it picks the app client of the sign-in (password or Google), whose refresh
 * tokens last a month instead of a week, and makes the session outlive the browser (contracts/session-lifetimes.ts).
 */
function KeepSignedIn({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4.5 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-2"
      />
      <div className="text-sm leading-5">
        <label htmlFor={id} className="cursor-pointer font-medium text-slate-800">
          Keep me signed in
        </label>
        <p id={`${id}-hint`} className="text-slate-500">
          For {SESSION_DAYS.kept} days on this device. Leave it off on a shared computer.
        </p>
      </div>
    </div>
  );
}
