import { Mail } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { PRODUCT_NAME } from '../../app/brand.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { AuthLayout, GoogleIcon } from './AuthLayout.tsx';
import { googleSignInOffered, rememberPendingSignIn, signIn, signInWithGoogle } from './authApi.ts';
import { selectToken, setCredentials } from './authSlice.ts';
import { authErrorMessage, isUnconfirmed } from './cognito.ts';
import { type LoginErrors, type LoginValues, validateLogin } from './loginValidation.ts';
import { PasswordInput } from './PasswordInput.tsx';

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
  const [values, setValues] = useState<LoginValues>({ email: handed.email ?? '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<'password' | 'google' | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const offerGoogle = googleSignInOffered();
  const signedIn = Boolean(useAppSelector(selectToken));

  const update = (field: keyof LoginValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After the first submit, messages follow the input so they disappear as soon as it is fixed.
    if (submitted) setErrors(validateLogin(next));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    setFormError(null);
    const found = validateLogin(values);
    setErrors(found);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();

    const email = values.email.trim();
    setPending('password');
    try {
      const credentials = await signIn(email, values.password);
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
      await signInWithGoogle();
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
          New to {PRODUCT_NAME}?{' '}
          <Link
            to={paths.register}
            className="rounded font-semibold text-brand-2 hover:text-brand-800 hover:underline"
          >
            Create an account
          </Link>
        </>
      }
    >
      <div className="mt-8" />
      {offerGoogle && (
        <>
          <Button variant="secondary" size="lg" fullWidth loading={pending === 'google'} onClick={onGoogle}>
            <GoogleIcon />
            Sign in with Google
          </Button>

          <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-slate-400 uppercase">
            <span className="h-px flex-1 bg-slate-200" />
            or with email
            <span className="h-px flex-1 bg-slate-200" />
          </div>
        </>
      )}

      {handed.notice && !formError && (
        <Alert tone={handed.noticeTone ?? 'success'} className="mb-5">
          {handed.notice}
        </Alert>
      )}
      {formError && <Alert className="mb-5">{formError}</Alert>}

      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Sign in">
        <FormField label="Email" error={errors.email}>
          {(control) => (
            <Input
              {...control}
              ref={emailRef}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              placeholder="name@agency.com"
              leading={<Mail className="size-4.5" />}
              value={values.email}
              onChange={(event) => update('email', event.target.value)}
            />
          )}
        </FormField>

        <FormField
          label="Password"
          error={errors.password}
          labelAside={
            <Link
              to={paths.forgotPassword}
              state={{ email: values.email.trim() }}
              className="rounded text-sm font-medium text-brand-2 hover:text-brand-800 hover:underline"
            >
              Forgot password?
            </Link>
          }
        >
          {(control) => (
            <PasswordInput
              {...control}
              ref={passwordRef}
              name="password"
              autoComplete="current-password"
              placeholder="Enter your password"
              value={values.password}
              onChange={(event) => update('password', event.target.value)}
            />
          )}
        </FormField>

        <Button type="submit" size="lg" fullWidth loading={pending === 'password'}>
          Sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
