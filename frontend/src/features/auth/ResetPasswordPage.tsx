import { type FormEvent, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getAppConfig } from '../../app/config.ts';
import { paths } from '../../app/paths.ts';
import { CodeField, EmailField, NEW_PASSWORD_HINT, PasswordField } from './AuthFields.tsx';
import { AuthForm, BackToSignIn, ResendCode, SentTo, SubmitButton } from './AuthFormParts.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { AUTH_MESSAGES, authErrorMessage, confirmForgotPassword, forgotPassword } from './cognito.ts';
import { FormAlert } from './FormAlert.tsx';
import { LOGIN_MESSAGES } from './loginValidation.ts';
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
            We sent a reset code to <SentTo email={emailFromLink} />.
          </>
        ) : (
          'Enter the reset code we emailed you and choose a new password.'
        )
      }
      footer={<BackToSignIn />}
    >
      <div className="mt-8 space-y-5">
        <FormAlert error={formError} notice={notice} />
        <AuthForm label="Choose a new password" onSubmit={onSubmit}>
          {!emailFromLink && (
            <EmailField
              plain
              inputRef={refs.email}
              error={errors.email}
              value={email}
              onValueChange={setEmail}
            />
          )}
          <CodeField
            label="Reset code"
            error={errors.code}
            inputRef={refs.code}
            value={code}
            onValueChange={setCode}
          />
          <PasswordField
            label="New password"
            error={errors.password}
            hint={NEW_PASSWORD_HINT}
            inputRef={refs.password}
            autoComplete="new-password"
            placeholder="Create a new password"
            value={password}
            onValueChange={setPassword}
          />
          <SubmitButton loading={pending === 'reset'}>Reset password</SubmitButton>
        </AuthForm>
        {email.trim() && (
          <ResendCode
            prompt="No code?"
            label="Send a new code"
            sending={pending === 'resend'}
            onResend={onResend}
          />
        )}
      </div>
    </AuthLayout>
  );
}
