import { KeyRound, Mail } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { getAppConfig } from '../../app/config.ts';
import { paths } from '../../app/paths.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { AUTH_MESSAGES, authErrorMessage, confirmForgotPassword, forgotPassword } from './cognito.ts';
import { LOGIN_MESSAGES } from './loginValidation.ts';
import { PasswordInput } from './PasswordInput.tsx';
import { meetsPasswordPolicy, PASSWORD_POLICY_MESSAGE } from './passwordPolicy.ts';

export const RESET_MESSAGES = {
  codeRequired: 'Enter the code from your email',
  done: 'Your password has been changed. Sign in with your new password.',
} as const;

type ResetErrors = { email?: string; code?: string; password?: string };

/** /authentication/reset-password?email=…: the emailed code and a new password. */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const emailFromLink = params.get('email') ?? '';
  const [email, setEmail] = useState(emailFromLink);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<ResetErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<'reset' | 'resend' | null>(null);
  const refs = {
    email: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const found: ResetErrors = {};
    if (!email.trim()) found.email = LOGIN_MESSAGES.emailRequired;
    if (!code.trim()) found.code = RESET_MESSAGES.codeRequired;
    if (!meetsPasswordPolicy(password)) found.password = PASSWORD_POLICY_MESSAGE;
    setErrors(found);
    setFormError(null);
    const first = (['email', 'code', 'password'] as const).find((field) => found[field]);
    if (first) return refs[first].current?.focus();
    setPending('reset');
    try {
      await confirmForgotPassword(getAppConfig(), { email: email.trim(), code: code.trim(), password });
      navigate(paths.login, { replace: true, state: { notice: RESET_MESSAGES.done, email: email.trim() } });
    } catch (error) {
      const message = authErrorMessage('resetPassword', error);
      if (message === AUTH_MESSAGES.password) setErrors({ password: message });
      else setFormError(message);
      setPending(null);
    }
  };

  const onResend = async () => {
    if (pending || !email.trim()) return;
    setPending('resend');
    setFormError(null);
    try {
      await forgotPassword(getAppConfig(), email.trim());
      setNotice(`We sent a new code to ${email.trim()}.`);
    } catch (error) {
      setFormError(authErrorMessage('forgotPassword', error));
    } finally {
      setPending(null);
    }
  };

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle={
        emailFromLink ? (
          <>
            We sent a reset code to <strong className="font-semibold text-slate-800">{emailFromLink}</strong>.
          </>
        ) : (
          'Enter the reset code we emailed you and choose a new password.'
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
        <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Choose a new password">
          {!emailFromLink && (
            <FormField label="Email" error={errors.email}>
              {(control) => (
                <Input
                  {...control}
                  ref={refs.email}
                  type="email"
                  autoComplete="email"
                  leading={<Mail className="size-4.5" />}
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              )}
            </FormField>
          )}
          <FormField label="Reset code" error={errors.code}>
            {(control) => (
              <Input
                {...control}
                ref={refs.code}
                autoComplete="one-time-code"
                inputMode="numeric"
                placeholder="123456"
                className="tracking-[0.3em]"
                leading={<KeyRound className="size-4.5" />}
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\s/g, ''))}
              />
            )}
          </FormField>
          <FormField
            label="New password"
            error={errors.password}
            hint="At least 8 characters, with upper- and lower-case letters and a number."
          >
            {(control) => (
              <PasswordInput
                {...control}
                ref={refs.password}
                autoComplete="new-password"
                placeholder="Create a new password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            )}
          </FormField>
          <Button type="submit" size="lg" fullWidth loading={pending === 'reset'}>
            Reset password
          </Button>
        </form>
        {email.trim() && (
          <p className="text-center text-sm text-slate-600">
            No code?{' '}
            <button
              type="button"
              onClick={onResend}
              aria-busy={pending === 'resend' || undefined}
              className="rounded font-semibold text-brand-2 hover:text-brand-800 hover:underline aria-busy:cursor-wait aria-busy:opacity-60"
            >
              {pending === 'resend' ? 'Sending…' : 'Send a new code'}
            </button>
          </p>
        )}
      </div>
    </AuthLayout>
  );
}
