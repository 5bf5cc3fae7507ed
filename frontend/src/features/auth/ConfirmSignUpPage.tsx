import { type FormEvent, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { getAppConfig } from '../../app/config.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { CodeField, EmailField } from './AuthFields.tsx';
import { AuthForm, BackToSignIn, ResendCode, SentTo, SubmitButton } from './AuthFormParts.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { signIn, takePendingSignIn } from './authApi.ts';
import { setCredentials } from './authSlice.ts';
import { authErrorMessage, confirmSignUp, resendConfirmationCode } from './cognito.ts';
import { FormAlert } from './FormAlert.tsx';
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
            We sent a confirmation code to <SentTo email={emailFromLink} />. Enter it below to activate your
            account.
          </>
        ) : (
          'Enter the confirmation code we emailed you to activate your account.'
        )
      }
      footer={<BackToSignIn />}
    >
      <div className="mt-8 space-y-5">
        <FormAlert error={formError} notice={notice} />

        <AuthForm label="Confirm your email" onSubmit={onSubmit}>
          {!emailFromLink && (
            <EmailField
              plain
              inputRef={emailRef}
              error={errors.email}
              value={email}
              onValueChange={setEmail}
            />
          )}
          <CodeField
            label="Confirmation code"
            error={errors.code}
            inputRef={codeRef}
            name="code"
            autoFocus
            value={code}
            onValueChange={setCode}
          />
          <SubmitButton loading={pending === 'confirm'}>Confirm account</SubmitButton>
        </AuthForm>

        <ResendCode
          prompt="Didn't get it? Check your spam folder, or"
          label="Resend code"
          sending={pending === 'resend'}
          onResend={onResend}
        />
      </div>
    </AuthLayout>
  );
}
