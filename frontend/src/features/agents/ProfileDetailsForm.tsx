import { type ChangeEvent, type FormEvent, useState } from 'react';
import { BIO_MAX, FULL_NAME_MAX } from '#contracts/schemas/agents';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card.tsx';
import { CharacterCount, tooLongMessage } from '../../components/ui/CharacterCount.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import { useUpdateAgentMutation } from './api.ts';
import type { Agent } from './types.ts';

interface DetailValues {
  full_name: string;
  phone: string;
  city: string;
  bio: string;
}

const valuesOf = (agent: Agent): DetailValues => ({
  full_name: agent.full_name,
  phone: agent.phone ?? '',
  city: agent.city ?? '',
  bio: agent.bio ?? '',
});

/** The own profile's editable details (name, phone, city, bio); the email is shown, not editable. */
export function ProfileDetailsForm({ agent }: { agent: Agent }) {
  const [values, setValues] = useState<DetailValues>(() => valuesOf(agent));
  const [nameError, setNameError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [updateAgent, { isLoading }] = useUpdateAgentMutation();
  const original = valuesOf(agent);
  const changed = (Object.keys(values) as Array<keyof DetailValues>).filter(
    (key) => values[key].trim() !== original[key].trim(),
  );
  // over a limit: said under the field at once, and nothing is sent (no maxLength cuts a pasted text)
  const nameLength = values.full_name.trim().length;
  const bioLength = values.bio.trim().length;
  const nameTooLong =
    nameLength > FULL_NAME_MAX ? tooLongMessage('Full name', FULL_NAME_MAX, nameLength) : undefined;
  const bioTooLong = bioLength > BIO_MAX ? tooLongMessage('Bio', BIO_MAX, bioLength) : undefined;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (!values.full_name.trim()) {
      setNameError('Enter your full name');
      return;
    }
    setNameError(undefined);
    if (changed.length === 0 || nameTooLong || bioTooLong) return;
    const patch = Object.fromEntries(changed.map((key) => [key, values[key].trim()]));
    const result = await updateAgent({ id: agent.agent_id, patch });
    if ('error' in result) {
      setFormError(apiErrorMessage(result.error, 'Your changes could not be saved. Please try again.'));
      return;
    }
    showToast('success', 'Profile saved');
  };

  const field = (key: keyof DetailValues) => ({
    value: values[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((current) => ({ ...current, [key]: event.target.value })),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile details</CardTitle>
        <CardDescription>This is what other agents see on your profile.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={onSubmit}
          className="grid grid-cols-1 gap-5 sm:grid-cols-2"
          aria-label="Profile details"
        >
          <FormField
            label="Full name"
            error={nameError ?? nameTooLong}
            labelAside={<CharacterCount length={nameLength} max={FULL_NAME_MAX} from={FULL_NAME_MAX - 20} />}
          >
            {(control) => <Input {...control} autoComplete="name" {...field('full_name')} />}
          </FormField>
          <FormField label="Email" hint="Your sign-in email can't be changed here.">
            {(control) => <Input {...control} type="email" value={agent.email} disabled readOnly />}
          </FormField>
          <FormField label="Phone">
            {(control) => (
              <Input {...control} type="tel" autoComplete="tel" maxLength={40} {...field('phone')} />
            )}
          </FormField>
          <FormField label="City">
            {(control) => (
              <Input {...control} autoComplete="address-level2" maxLength={100} {...field('city')} />
            )}
          </FormField>
          <FormField
            label="Bio"
            className="sm:col-span-2"
            error={bioTooLong}
            labelAside={<CharacterCount length={bioLength} max={BIO_MAX} />}
          >
            {(control) => (
              <textarea
                {...control}
                rows={4}
                placeholder="Tell other agents about your experience, areas and specialities."
                className="block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-[0.9375rem] text-slate-900 shadow-xs placeholder:text-slate-400 hover:border-slate-400 focus:border-brand-2 focus:ring-4 focus:ring-brand-1/15 focus:outline-none"
                {...field('bio')}
              />
            )}
          </FormField>
          {formError && <Alert className="sm:col-span-2">{formError}</Alert>}
          <div className="flex justify-end gap-3 sm:col-span-2">
            <Button
              variant="secondary"
              disabled={changed.length === 0 || isLoading}
              onClick={() => {
                setValues(original);
                setNameError(undefined);
              }}
            >
              Discard
            </Button>
            <Button type="submit" loading={isLoading} disabled={changed.length === 0}>
              Save changes
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
