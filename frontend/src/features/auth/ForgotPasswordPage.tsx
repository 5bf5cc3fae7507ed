import { Mail } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { getAppConfig } from '../../app/config.ts';
import { paths } from '../../app/paths.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { authErrorMessage, forgotPassword } from './cognito.ts';
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
      footer={
        <Link
          to={paths.login}
          className="rounded font-semibold text-brand-2 hover:text-brand-800 hover:underline"
        >
          Back to sign in
        </Link>
      }
    >
      {formError && <Alert className="mt-8">{formError}</Alert>}
      <form noValidate onSubmit={onSubmit} className="mt-8 space-y-5" aria-label="Reset your password">
        <FormField label="Email" error={error}>
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
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" size="lg" fullWidth loading={pending}>
          Send reset code
        </Button>
      </form>
    </AuthLayout>
  );
}
