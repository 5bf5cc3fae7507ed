import { Award, Building2, CircleAlert, Eye, EyeOff, Handshake, Lock, Mail } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PRODUCT_NAME, TAGLINE } from '../../app/brand.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { Logo } from '../../components/Logo.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { signIn, signInWithGoogle } from './authApi.ts';
import { setCredentials } from './authSlice.ts';
import { type LoginErrors, type LoginValues, validateLogin } from './loginValidation.ts';

const HIGHLIGHTS = [
  {
    icon: Handshake,
    title: 'Co-broke with agents you trust',
    text: 'Connect with agents and agencies and share deals.',
  },
  {
    icon: Building2,
    title: 'Every listing in one place',
    text: 'Properties, clients, agenda, files and your website.',
  },
  {
    icon: Award,
    title: 'Grow your reputation',
    text: 'Earn points for verified deals, listings and connections.',
  },
] as const;

function errorMessage(error: unknown) {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<'password' | 'google' | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

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

    setPending('password');
    try {
      const credentials = await signIn(values.email.trim(), values.password);
      dispatch(setCredentials(credentials));
      navigate(paths.profile, { replace: true });
    } catch (error) {
      setFormError(errorMessage(error));
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
      setFormError(errorMessage(error));
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="min-h-dvh bg-white lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <BrandPanel />

      <main className="flex min-h-dvh flex-col px-5 py-6 sm:px-10 sm:py-8">
        <div className="lg:hidden">
          <Logo />
          <p className="mt-2 text-sm text-slate-500">{TAGLINE}</p>
        </div>

        <div className="mx-auto flex w-full max-w-[25rem] flex-1 flex-col pt-12 pb-10 sm:justify-center sm:py-16">
          <h1 className="text-[1.75rem] leading-tight font-bold tracking-tight text-slate-900">
            Welcome back
          </h1>
          <p className="mt-2 text-[0.9375rem] text-slate-600">
            Sign in to your {PRODUCT_NAME} account to continue.
          </p>

          <Button
            variant="secondary"
            size="lg"
            fullWidth
            className="mt-8"
            loading={pending === 'google'}
            onClick={onGoogle}
          >
            <GoogleIcon />
            Sign in with Google
          </Button>

          <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-slate-400 uppercase">
            <span className="h-px flex-1 bg-slate-200" />
            or with email
            <span className="h-px flex-1 bg-slate-200" />
          </div>

          {formError && (
            <div
              role="alert"
              className="mb-5 flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
            >
              <CircleAlert className="mt-0.5 size-4.5 shrink-0 text-red-600" aria-hidden="true" />
              <p>{formError}</p>
            </div>
          )}

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
                  className="rounded text-sm font-medium text-brand-2 hover:text-brand-800 hover:underline"
                >
                  Forgot password?
                </Link>
              }
            >
              {(control) => (
                <Input
                  {...control}
                  ref={passwordRef}
                  type={showPassword ? 'text' : 'password'}
                  name="password"
                  autoComplete="current-password"
                  placeholder="Enter your password"
                  leading={<Lock className="size-4.5" />}
                  value={values.password}
                  onChange={(event) => update('password', event.target.value)}
                  trailing={
                    <button
                      type="button"
                      className="inline-flex size-8 items-center justify-center rounded-md text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-800"
                      aria-label={showPassword ? 'Hide password' : 'Show password'}
                      aria-pressed={showPassword}
                      onClick={() => setShowPassword((shown) => !shown)}
                    >
                      {showPassword ? (
                        <EyeOff className="size-4.5" aria-hidden="true" />
                      ) : (
                        <Eye className="size-4.5" aria-hidden="true" />
                      )}
                    </button>
                  }
                />
              )}
            </FormField>

            <Button type="submit" size="lg" fullWidth loading={pending === 'password'}>
              Sign in
            </Button>
          </form>

          <p className="mt-8 text-center text-sm text-slate-600">
            New to {PRODUCT_NAME}?{' '}
            <Link
              to={paths.register}
              className="rounded font-semibold text-brand-2 hover:text-brand-800 hover:underline"
            >
              Create an account
            </Link>
          </p>
        </div>

        <p className="text-center text-xs text-slate-400 lg:text-left">
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
      </main>
    </div>
  );
}

function BrandPanel() {
  return (
    <aside className="relative hidden overflow-hidden bg-brand-800 text-white lg:flex lg:flex-col lg:justify-between lg:p-12 xl:p-16">
      {/* Decoration only: brand gradient, soft glows and a faint grid, all drawn in CSS. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[linear-gradient(150deg,var(--brand-2)_0%,var(--color-brand-900)_100%)]"
      />
      <div
        aria-hidden="true"
        className="absolute -top-32 -right-24 size-[28rem] rounded-full bg-brand-1/40 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-40 -left-24 size-[26rem] rounded-full bg-brand-1/25 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 opacity-[0.07] [background-image:linear-gradient(white_1px,transparent_1px),linear-gradient(90deg,white_1px,transparent_1px)] [background-size:44px_44px] [mask-image:radial-gradient(ellipse_at_30%_40%,black,transparent_75%)]"
      />

      <Logo inverted className="relative" />

      <div className="relative max-w-md">
        <p className="text-sm font-semibold tracking-wide text-white/70 uppercase">For agents and agencies</p>
        <h2 className="mt-3 text-4xl leading-[1.15] font-bold tracking-tight text-balance xl:text-[2.625rem]">
          {/* non-breaking hyphen: keep "real-estate" on one line */}
          {TAGLINE.replaceAll('-', '\u2011')}
        </h2>
        <ul className="mt-10 space-y-6">
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-white/12 ring-1 ring-white/20 backdrop-blur">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span>
                <span className="block font-semibold">{title}</span>
                <span className="mt-0.5 block text-sm text-white/75">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>

      <p className="relative text-sm text-white/60">
        From solo agents to agency teams: one network, one workspace.
      </p>
    </aside>
  );
}

/** Google's multicolour "G", inline so nothing loads from another host. */
function GoogleIcon() {
  return (
    <svg className="size-5" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#FFC107"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z"
      />
    </svg>
  );
}
