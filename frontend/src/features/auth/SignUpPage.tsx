import clsx from 'clsx';
import { Building2, User, UserRound } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { AccountType } from '#contracts/app-config';
import { PRODUCT_NAME } from '../../app/brand.ts';
import { getAppConfig } from '../../app/config.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { SignedInInvite, SignUpInviteBanner, useSignUpInvite } from '../team/SignUpInvite.tsx';
import { EmailField, NEW_PASSWORD_HINT, PasswordField, TextField } from './AuthFields.tsx';
import { AuthForm, AuthLink, GoogleOption, SubmitButton } from './AuthFormParts.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { googleSignInOffered, rememberPendingSignIn, signInWithGoogle } from './authApi.ts';
import { selectToken } from './authSlice.ts';
import { AUTH_MESSAGES, authErrorMessage, CognitoError, signUp } from './cognito.ts';
import { FormAlert } from './FormAlert.tsx';
import { LOGIN_MESSAGES } from './loginValidation.ts';
import { meetsPasswordPolicy, PASSWORD_POLICY_MESSAGE } from './passwordPolicy.ts';
import { useValidatedValues } from './useValidatedValues.ts';

interface SignUpValues {
  fullName: string;
  email: string;
  password: string;
  accountType: AccountType;
  agencyName: string;
}

type SignUpErrors = Partial<Record<keyof SignUpValues, string>>;

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const SIGN_UP_MESSAGES = {
  fullNameRequired: 'Enter your full name',
  agencyNameRequired: "Enter your agency's name",
} as const;

export function validateSignUp(values: SignUpValues): SignUpErrors {
  const errors: SignUpErrors = {};
  if (!values.fullName.trim()) errors.fullName = SIGN_UP_MESSAGES.fullNameRequired;
  const email = values.email.trim();
  if (!email) errors.email = LOGIN_MESSAGES.emailRequired;
  else if (!EMAIL_FORMAT.test(email)) errors.email = LOGIN_MESSAGES.emailInvalid;
  if (!meetsPasswordPolicy(values.password)) errors.password = PASSWORD_POLICY_MESSAGE;
  if (values.accountType === 'agency' && !values.agencyName.trim()) {
    errors.agencyName = SIGN_UP_MESSAGES.agencyNameRequired;
  }
  return errors;
}

const ACCOUNT_TYPE_OPTIONS = [
  {
    value: 'agent',
    label: 'Agent',
    description: 'I work on my own and want my own profile.',
    icon: UserRound,
  },
  {
    value: 'agency',
    label: 'Agency',
    description: 'I run an agency and will invite my team.',
    icon: Building2,
  },
] as const;

const FIELD_ORDER: Array<keyof SignUpValues> = ['fullName', 'email', 'password', 'agencyName'];

export function SignUpPage() {
  const navigate = useNavigate();
  const { values, setErrors, update, validateAll, field } = useValidatedValues<SignUpValues>(
    { fullName: '', email: '', password: '', accountType: 'agent', agencyName: '' },
    validateSignUp,
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [accountExists, setAccountExists] = useState(false);
  const [pending, setPending] = useState(false);
  const [googlePending, setGooglePending] = useState(false);
  const refs = {
    fullName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    agencyName: useRef<HTMLInputElement>(null),
  };
  const groupLabelId = useId();
  // `?invite=<token>`: an agency's invitation (its agency shown, the invited email prefilled)
  const [searchParams] = useSearchParams();
  const invite = useSignUpInvite(searchParams.get('invite'));
  const invitedEmail = invite.preview?.email;
  const signedIn = Boolean(useAppSelector(selectToken));
  // biome-ignore lint/correctness/useExhaustiveDependencies: fills the form once the invitation is known
  useEffect(() => {
    if (!invitedEmail) return;
    update('email', invitedEmail);
  }, [invitedEmail]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    setAccountExists(false);
    const found = validateAll();
    const firstInvalid = FIELD_ORDER.find((field) => found[field]);
    if (firstInvalid) {
      refs[firstInvalid as keyof typeof refs].current?.focus();
      return;
    }
    const email = values.email.trim();
    setPending(true);
    try {
      await signUp(getAppConfig(), {
        fullName: values.fullName.trim(),
        email,
        password: values.password,
        accountType: values.accountType,
        ...(values.accountType === 'agency' ? { agencyName: values.agencyName.trim() } : {}),
      });
      rememberPendingSignIn(email, values.password);
      navigate(`${paths.confirm}?email=${encodeURIComponent(email)}`);
    } catch (error) {
      const message = authErrorMessage('signUp', error);
      if (message === AUTH_MESSAGES.password) setErrors({ password: message });
      else setFormError(message);
      setAccountExists(error instanceof CognitoError && error.code === 'UsernameExistsException');
      setPending(false);
    }
  };

  const onGoogle = async () => {
    if (pending || googlePending) return;
    setFormError(null);
    setGooglePending(true);
    try {
      await signInWithGoogle();
    } catch (error) {
      setFormError(authErrorMessage('signIn', error));
      setGooglePending(false);
    }
  };

  if (invite.token && signedIn) {
    return (
      <AuthLayout title="You're invited" subtitle="Join an agency's team on EstateNet.">
        <SignedInInvite invite={invite} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create your account"
      subtitle={`Join ${PRODUCT_NAME}: it's free to start.`}
      footer={
        <>
          Already have an account? <AuthLink to={paths.login}>Sign in</AuthLink>
        </>
      }
    >
      <SignUpInviteBanner invite={invite} />
      <FormAlert error={formError} className="mt-8">
        {accountExists && (
          <>
            {' '}
            <Link to={paths.login} state={{ email: values.email.trim() }} className="font-semibold underline">
              Go to sign in
            </Link>
          </>
        )}
      </FormAlert>

      {googleSignInOffered() && (
        <GoogleOption
          label="Sign up with Google"
          loading={googlePending}
          onClick={onGoogle}
          buttonClassName="mt-8"
          dividerClassName="mt-6"
        />
      )}

      <AuthForm label="Create your account" onSubmit={onSubmit} className="mt-6">
        <fieldset hidden={Boolean(invitedEmail)}>
          <legend id={groupLabelId} className="mb-2 text-sm font-medium text-slate-800">
            Account type
          </legend>
          <div role="radiogroup" aria-labelledby={groupLabelId} className="grid grid-cols-2 gap-3">
            {ACCOUNT_TYPE_OPTIONS.map(({ value, label, description, icon: Icon }) => {
              const checked = values.accountType === value;
              const descriptionId = `${groupLabelId}-${value}`;
              return (
                <label
                  key={value}
                  className={clsx(
                    'relative flex cursor-pointer flex-col gap-2 rounded-xl border p-3.5 transition-[border-color,box-shadow,background-color] has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-1/30',
                    checked
                      ? 'border-brand-2 bg-brand-50 shadow-sm ring-1 ring-brand-2'
                      : 'border-slate-300 bg-white hover:border-slate-400',
                  )}
                >
                  <input
                    type="radio"
                    name="accountType"
                    value={value}
                    checked={checked}
                    aria-label={label}
                    aria-describedby={descriptionId}
                    onChange={() => update('accountType', value)}
                    className="absolute inset-0 z-10 cursor-pointer appearance-none rounded-xl opacity-0"
                  />
                  <span className="flex items-center justify-between">
                    <span
                      className={clsx(
                        'flex size-9 items-center justify-center rounded-lg',
                        checked ? 'bg-brand-2 text-white' : 'bg-slate-100 text-slate-600',
                      )}
                    >
                      <Icon className="size-4.5" aria-hidden="true" />
                    </span>
                    <span
                      aria-hidden="true"
                      className={clsx(
                        'size-4 rounded-full border-2',
                        checked
                          ? 'border-brand-2 bg-white ring-3 ring-brand-2 ring-inset'
                          : 'border-slate-300',
                      )}
                    />
                  </span>
                  <span className="font-semibold text-slate-900" aria-hidden="true">
                    {label}
                  </span>
                  <span id={descriptionId} className="text-xs leading-snug text-slate-600">
                    {description}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>

        <TextField
          label="Full name"
          {...field('fullName', refs.fullName)}
          name="name"
          autoComplete="name"
          placeholder="Maria Rossi"
          icon={User}
        />

        {values.accountType === 'agency' && (
          <TextField
            label="Agency name"
            {...field('agencyName', refs.agencyName)}
            name="organization"
            autoComplete="organization"
            placeholder="Rossi Real Estate"
            icon={Building2}
          />
        )}

        <EmailField
          {...field('email', refs.email)}
          readOnly={Boolean(invitedEmail)}
          {...(invitedEmail ? { hint: 'The email your invitation was sent to.' } : {})}
        />

        <PasswordField
          label="Password"
          hint={NEW_PASSWORD_HINT}
          {...field('password', refs.password)}
          name="new-password"
          autoComplete="new-password"
          placeholder="Create a password"
        />

        <SubmitButton loading={pending}>Create account</SubmitButton>
        <p className="text-center text-xs text-slate-500">We'll email you a code to confirm your address.</p>
      </AuthForm>
    </AuthLayout>
  );
}
