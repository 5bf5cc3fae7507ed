import { type FormEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { getAppConfig } from '../../app/config.ts';
import { paths } from '../../app/paths.ts';
import { EmailField } from './AuthFields.tsx';
import { AuthForm, BackToSignIn, SubmitButton } from './AuthFormParts.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { authErrorMessage, forgotPassword } from './cognito.ts';
import { FormAlert } from './FormAlert.tsx';
import { LOGIN_MESSAGES } from './loginValidation.ts';

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** /authentication/forgot-password: sends a reset code, then the reset screen takes it. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState((location.state as { email?: string } | null)?.email ?? '');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const address = email.trim();
    const fieldError = !address
      ? LOGIN_MESSAGES.emailRequired
      : EMAIL_FORMAT.test(address)
        ? undefined
        : LOGIN_MESSAGES.emailInvalid;
    setError(fieldError);
    setFormError(null);
    if (fieldError) return emailRef.current?.focus();
    setPending(true);
    try {
      await forgotPassword(getAppConfig(), address);
      navigate(`${paths.resetPassword}?email=${encodeURIComponent(address)}`);
    } catch (caught) {
      setFormError(authErrorMessage('forgotPassword', caught));
      setPending(false);
    }
  };

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the email you signed up with and we'll send you a code to choose a new password."
      footer={<BackToSignIn />}
    >
      <FormAlert error={formError} className="mt-8" />
      <AuthForm label="Reset your password" onSubmit={onSubmit} className="mt-8">
        <EmailField inputRef={emailRef} error={error} value={email} onValueChange={setEmail} />
        <SubmitButton loading={pending}>Send reset code</SubmitButton>
      </AuthForm>
    </AuthLayout>
  );
}
