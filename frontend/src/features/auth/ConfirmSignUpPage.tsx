import { KeyRound, Mail } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { getAppConfig } from '../../app/config.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { signIn, takePendingSignIn } from './authApi.ts';
import { setCredentials } from './authSlice.ts';
import { authErrorMessage, confirmSignUp, resendConfirmationCode } from './cognito.ts';
import { LOGIN_MESSAGES } from './loginValidation.ts';

export const CONFIRM_MESSAGES = {
  codeRequired: 'Enter the code from your email',
  confirmed: 'Your email is confirmed. Sign in to continue.',
} as const;

/** /authentication/confirm?email=…: the code from the sign-up email, and a way to get a new one. */
export function ConfirmSignUpPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const emailFromLink = params.get('email') ?? '';
  const [email, setEmail] = useState(emailFromLink);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ email?: string; code?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(
    (location.state as { notice?: string } | null)?.notice ?? null,
  );
  const [pending, setPending] = useState<'confirm' | 'resend' | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const validate = () => {
    const found: { email?: string; code?: string } = {};
    if (!email.trim()) found.email = LOGIN_MESSAGES.emailRequired;
    if (!code.trim()) found.code = CONFIRM_MESSAGES.codeRequired;
    setErrors(found);
    if (found.email) emailRef.current?.focus();
    else if (found.code) codeRef.current?.focus();
    return !found.email && !found.code;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || !validate()) return;
    setFormError(null);
    setPending('confirm');
    const address = email.trim();
    try {
      await confirmSignUp(getAppConfig(), address, code.trim());
    } catch (error) {
      setFormError(authErrorMessage('confirm', error));
      setPending(null);
      return;
    }
    const password = takePendingSignIn(address);
    if (password) {
      try {
        dispatch(setCredentials(await signIn(address, password)));
        navigate(paths.profile, { replace: true });
        return;
      } catch {
        // fall through to signing in by hand
      }
    }
    navigate(paths.login, { replace: true, state: { notice: CONFIRM_MESSAGES.confirmed, email: address } });
  };

  const onResend = async () => {
    if (pending) return;
    if (!email.trim()) {
      setErrors({ email: LOGIN_MESSAGES.emailRequired });
      emailRef.current?.focus();
      return;
    }
    setFormError(null);
    setNotice(null);
    setPending('resend');
    try {
      await resendConfirmationCode(getAppConfig(), email.trim());
      setNotice(`We sent a new code to ${email.trim()}.`);
    } catch (error) {
      setFormError(authErrorMessage('resend', error));
    } finally {
      setPending(null);
    }
  };

  return (
    <AuthLayout
      title="Check your email"
      subtitle={
        emailFromLink ? (
          <>
            We sent a confirmation code to{' '}
            <strong className="font-semibold text-slate-800">{emailFromLink}</strong>. Enter it below to
            activate your account.
          </>
        ) : (
          'Enter the confirmation code we emailed you to activate your account.'
        )
      }
      footer={
        <Link
          to={paths.login}
          className="rounded font-semibold text-brand-2 hover:text-brand-800 hover:underline"
        >
          Back to sign in
        </Link>
      }
    >
      <div className="mt-8 space-y-5">
        {notice && !formError && <Alert tone="info">{notice}</Alert>}
        {formError && <Alert>{formError}</Alert>}

        <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Confirm your email">
          {!emailFromLink && (
            <FormField label="Email" error={errors.email}>
              {(control) => (
                <Input
                  {...control}
                  ref={emailRef}
                  type="email"
                  autoComplete="email"
                  leading={<Mail className="size-4.5" />}
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              )}
            </FormField>
          )}
          <FormField label="Confirmation code" error={errors.code}>
            {(control) => (
              <Input
                {...control}
                ref={codeRef}
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                placeholder="123456"
                autoFocus
                className="tracking-[0.3em]"
                leading={<KeyRound className="size-4.5" />}
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\s/g, ''))}
              />
            )}
          </FormField>
          <Button type="submit" size="lg" fullWidth loading={pending === 'confirm'}>
            Confirm account
          </Button>
        </form>

        <p className="text-center text-sm text-slate-600">
          Didn't get it? Check your spam folder, or{' '}
          <button
            type="button"
            onClick={onResend}
            aria-busy={pending === 'resend' || undefined}
            className="rounded font-semibold text-brand-2 hover:text-brand-800 hover:underline aria-busy:cursor-wait aria-busy:opacity-60"
          >
            {pending === 'resend' ? 'Sending…' : 'Resend code'}
          </button>
        </p>
      </div>
    </AuthLayout>
  );
}
