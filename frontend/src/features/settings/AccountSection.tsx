import { LogOut, UserRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../app/paths.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { textLimit } from '../../components/ui/CharacterCount.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { useUpdateAgentMutation } from '../agents/api.ts';
import type { Agent } from '../agents/types.ts';
import { selectToken } from '../auth/authSlice.ts';
import type { LoginLocationState } from '../auth/LoginPage.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import {
  changePassword,
  PASSWORD_MESSAGES,
  type PasswordChange,
  passwordChangeError,
  passwordChangeErrors,
} from './changePassword.ts';
import { SettingsSection } from './SettingsSection.tsx';
import {
  SIGN_OUT_EVERYWHERE_MESSAGES,
  signOutEverywhere,
  signOutEverywhereError,
} from './signOutEverywhere.ts';

/**
 * Name and email of the account; the password is changed with Cognito (ChangePassword), and "Sign out
 * everywhere" ends the sessions of every browser (GlobalSignOut).
 */
export function AccountSection({ agent }: { agent: Agent }) {
  return (
    <SettingsSection
      icon={UserRound}
      title="Account"
      description="Your name, sign-in email and password, and where you're signed in."
    >
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
        <NameForm agent={agent} />
        <PasswordForm />
      </div>
      <SignOutEverywhere />
    </SettingsSection>
  );
}

function SignOutEverywhere() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const signOut = async () => {
    setFailure(null);
    setSending(true);
    try {
      await dispatch(signOutEverywhere());
    } catch (error) {
      setFailure(signOutEverywhereError(error));
      setSending(false);
      return;
    }
    const state: LoginLocationState = { notice: SIGN_OUT_EVERYWHERE_MESSAGES.done, noticeTone: 'success' };
    navigate(paths.login, { replace: true, state });
  };

  return (
    <div className="mt-8 border-t border-slate-100 pt-6">
      <h3 className="text-sm font-semibold text-slate-900">Sign out everywhere</h3>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">
        Signs you out on every device and browser where you're signed in, this one included. Use it if you
        signed in on a computer that isn't yours or think someone else knows your password.
      </p>
      {failure && <Alert className="mt-4">{failure}</Alert>}
      <Button variant="secondary" className="mt-4" loading={sending} onClick={() => void signOut()}>
        <LogOut className="size-4" aria-hidden="true" />
        Sign out everywhere
      </Button>
    </div>
  );
}

function NameForm({ agent }: { agent: Agent }) {
  const [name, setName] = useState(agent.full_name);
  const nameLimit = textLimit('Full name', name, 120);
  const [error, setError] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdateAgentMutation();
  const trimmed = name.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) {
      setError('Enter your name.');
      return;
    }
    if (nameLimit.error) return;
    setError(null);
    try {
      await update({ id: agent.agent_id, patch: { full_name: trimmed } }).unwrap();
      showToast('success', 'Your name has been saved');
    } catch (failure) {
      setError(apiErrorMessage(failure, "Your name wasn't saved. Try again."));
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <FormField label="Full name" error={error ?? nameLimit.error} labelAside={nameLimit.counter}>
        {(control) => (
          <Input
            {...control}
            value={name}
            autoComplete="name"
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>
      <FormField label="Email" hint="The email you sign in with. Contact support to change it.">
        {(control) => <Input {...control} value={agent.email} readOnly disabled type="email" />}
      </FormField>
      <Button
        type="submit"
        loading={isLoading}
        disabled={trimmed === agent.full_name || Boolean(nameLimit.error)}
      >
        Save name
      </Button>
    </form>
  );
}

const EMPTY: PasswordChange = { current: '', next: '', confirm: '' };

function PasswordForm() {
  const token = useAppSelector(selectToken);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof PasswordChange, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [sending, setSending] = useState(false);

  const field = (key: keyof PasswordChange) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [key]: event.target.value }));
      setDone(false);
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = passwordChangeErrors(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || !token) return;
    setSending(true);
    try {
      await changePassword(token, values.current, values.next);
      setValues(EMPTY);
      setDone(true);
    } catch (error) {
      setFailure(passwordChangeError(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label="Change password">
      <h3 className="text-sm font-semibold text-slate-900">Change password</h3>
      <FormField label="Current password" error={errors.current}>
        {(control) => (
          <Input type="password" {...control} {...field('current')} autoComplete="current-password" />
        )}
      </FormField>
      <FormField
        label="New password"
        error={errors.next}
        hint="At least 8 characters, with upper- and lower-case letters and a number."
      >
        {(control) => <Input type="password" {...control} {...field('next')} autoComplete="new-password" />}
      </FormField>
      <FormField label="Confirm new password" error={errors.confirm}>
        {(control) => (
          <Input type="password" {...control} {...field('confirm')} autoComplete="new-password" />
        )}
      </FormField>
      {failure && <Alert>{failure}</Alert>}
      {done && <Alert tone="success">{PASSWORD_MESSAGES.changed}</Alert>}
      <Button type="submit" variant="secondary" loading={sending}>
        Change password
      </Button>
    </form>
  );
}
