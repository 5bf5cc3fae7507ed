import { Camera } from 'lucide-react';
import { type ChangeEvent, type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { PROFILE_IMAGE_TYPES } from '#contracts/values';
import { useAppSelector } from '../../app/hooks.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { selectAgencyData } from '../agencies/agencySlice.ts';
import { isAgencyAdmin } from '../shell/roles.ts';
import { selectAgentData, selectAgentPicture } from './agentSlice.ts';
import { useUpdateAgentMutation, useUploadProfilePictureMutation } from './api.ts';
import { apiErrorMessage } from './apiError.ts';
import { isAcceptedImage, NOT_AN_IMAGE_MESSAGE } from './imageFile.ts';
import { ProfileHeader } from './ProfileHeader.tsx';
import type { Agent } from './types.ts';

// the achievements and history load after the profile itself (and outside its first-load budget)
const ReputationSection = lazy(() =>
  import('../reputation/ReputationSection.tsx').then((module) => ({ default: module.ReputationSection })),
);

// the agent's own listings (spec §2: dashboard properties are the signed-in agent's), after the profile
const MyPropertiesSection = lazy(() =>
  import('../properties/MyPropertiesSection.tsx').then((module) => ({ default: module.MyPropertiesSection })),
);

// the agency editor: agency admins only, at the foot of the page, so it loads after the profile
const AgencyCard = lazy(() =>
  import('../agencies/AgencyCard.tsx').then((module) => ({ default: module.AgencyCard })),
);

// react-easy-crop is only fetched once a picture has been chosen
const ProfilePictureCropper = lazy(() =>
  import('./ProfilePictureCropper.tsx').then((module) => ({ default: module.ProfilePictureCropper })),
);

/** /agents/profile: your own profile, editable, with the profile picture upload. */
export function ProfilePage() {
  const agent = useAppSelector(selectAgentData);
  const picture = useAppSelector(selectAgentPicture);
  const agency = useAppSelector(selectAgencyData);
  const fileInput = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [uploadPicture] = useUploadProfilePictureMutation();

  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen)), [chosen]);
  if (!agent) return null;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedImage(file)) {
      setPictureError(NOT_AN_IMAGE_MESSAGE);
      return;
    }
    setPictureError(null);
    setChosen(URL.createObjectURL(file));
  };

  const onSave = async (jpeg: Blob) => {
    const result = await uploadPicture({ agentId: agent.agent_id, image: jpeg });
    if ('error' in result) {
      throw new Error(apiErrorMessage(result.error, 'The picture could not be uploaded. Please try again.'));
    }
    setChosen(null);
    showToast('success', 'Profile picture updated');
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <ProfileHeader
        agent={agent}
        picture={picture}
        pictureAction={
          <>
            <input
              ref={fileInput}
              type="file"
              accept={PROFILE_IMAGE_TYPES.join(',')}
              aria-label="Choose a profile picture"
              className="sr-only"
              tabIndex={-1}
              onChange={onFile}
            />
            <button
              type="button"
              onClick={() => fileInput.current?.click()}
              aria-label="Change photo"
              title="Change photo"
              className="absolute right-0 bottom-1 inline-flex size-9 items-center justify-center rounded-full bg-white text-slate-700 shadow-md ring-1 ring-slate-900/10 transition-colors hover:bg-slate-50 hover:text-brand-2"
            >
              <Camera className="size-4.5" aria-hidden="true" />
            </button>
          </>
        }
      />
      {pictureError && <Alert>{pictureError}</Alert>}

      <Suspense fallback={<div className="h-48 animate-pulse rounded-2xl bg-slate-100" />}>
        <MyPropertiesSection agentId={agent.agent_id} />
      </Suspense>
      <ProfileDetailsForm agent={agent} />
      <Suspense fallback={<div className="h-48 animate-pulse rounded-2xl bg-slate-100" />}>
        <ReputationSection agentId={agent.agent_id} own agencyId={agent.agency_id} />
      </Suspense>
      {isAgencyAdmin(agent, agency) && (
        <Suspense
          fallback={<div aria-hidden="true" className="h-80 animate-pulse rounded-2xl bg-slate-100" />}
        >
          <AgencyCard />
        </Suspense>
      )}

      {chosen && (
        <Suspense fallback={null}>
          <ProfilePictureCropper imageUrl={chosen} onCancel={() => setChosen(null)} onSave={onSave} />
        </Suspense>
      )}
    </div>
  );
}

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

function ProfileDetailsForm({ agent }: { agent: Agent }) {
  const [values, setValues] = useState<DetailValues>(() => valuesOf(agent));
  const [nameError, setNameError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [updateAgent, { isLoading }] = useUpdateAgentMutation();
  const original = valuesOf(agent);
  const changed = (Object.keys(values) as Array<keyof DetailValues>).filter(
    (key) => values[key].trim() !== original[key].trim(),
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (!values.full_name.trim()) {
      setNameError('Enter your full name');
      return;
    }
    setNameError(undefined);
    if (changed.length === 0) return;
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
          className="grid gap-5 sm:grid-cols-2"
          aria-label="Profile details"
        >
          <FormField label="Full name" error={nameError}>
            {(control) => <Input {...control} autoComplete="name" maxLength={120} {...field('full_name')} />}
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
          <FormField label="Bio" className="sm:col-span-2">
            {(control) => (
              <textarea
                {...control}
                rows={4}
                maxLength={2000}
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
