import { Camera, CircleAlert } from 'lucide-react';
import { type ChangeEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { PROFILE_IMAGE_TYPES } from '#contracts/values';
import { AfterFirstPaint } from '../../app/firstPaint.tsx';
import { useAppSelector } from '../../app/hooks.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { selectAgencyData } from '../agencies/selectors.ts';
import { apiErrorMessage } from '../errors/apiError.ts';
// the agent's own listings (spec §2: dashboard properties are the signed-in agent's) hold the page's
// largest paint, the first listing's photo: in this chunk, so no lazy boundary waits before them
import { MyPropertiesSection } from '../properties/MyPropertiesSection.tsx';
import { isAgencyAdmin } from '../shell/roles.ts';
import { useUploadProfilePictureMutation } from './api.ts';
import {
  decodesAsImage,
  isAcceptedImage,
  NOT_AN_IMAGE_MESSAGE,
  UNREADABLE_IMAGE_MESSAGE,
} from './imageFile.ts';
import { ProfileHeader } from './ProfileHeader.tsx';
import { selectAgentData, selectAgentPicture } from './selectors.ts';

// the achievements and history load after the profile itself (and outside its first-load budget)
const ReputationSection = lazy(() =>
  import('../reputation/ReputationSection.tsx').then((module) => ({ default: module.ReputationSection })),
);

// the agency editor: agency admins only, at the foot of the page, so it loads after the profile
const AgencyCard = lazy(() =>
  import('../agencies/AgencyCard.tsx').then((module) => ({ default: module.AgencyCard })),
);

// the details form: below the fold (under the listings), so its form controls load after the first paint
const ProfileDetailsForm = lazy(() =>
  import('./ProfileDetailsForm.tsx').then((module) => ({ default: module.ProfileDetailsForm })),
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

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedImage(file)) {
      setPictureError(NOT_AN_IMAGE_MESSAGE);
      return;
    }
    if (!(await decodesAsImage(file))) {
      setPictureError(UNREADABLE_IMAGE_MESSAGE);
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
              onChange={(event) => void onFile(event)}
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
      {pictureError && (
        // the UI kit's error Alert, drawn here: Alert.tsx (with its three icons) would add 0.8 kB to the first
        // page load for a message most visits never show
        <div
          role="alert"
          className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <CircleAlert className="mt-0.5 size-4.5 shrink-0 text-red-600" aria-hidden="true" />
          <div className="min-w-0">{pictureError}</div>
        </div>
      )}

      <MyPropertiesSection agentId={agent.agent_id} />
      <AfterFirstPaint fallback={<DetailsFormPlaceholder />}>
        <ProfileDetailsForm agent={agent} />
      </AfterFirstPaint>
      <AfterFirstPaint fallback={<div className="h-48 animate-pulse rounded-2xl bg-slate-100" />}>
        <ReputationSection agentId={agent.agent_id} own agencyId={agent.agency_id} />
      </AfterFirstPaint>
      {isAgencyAdmin(agent, agency) && (
        <AfterFirstPaint
          fallback={
            <div
              aria-hidden="true"
              className="h-[27.25rem] animate-pulse rounded-2xl bg-slate-100 sm:h-[16.625rem]"
            />
          }
        >
          <AgencyCard />
        </AfterFirstPaint>
      )}

      {chosen && (
        <Suspense fallback={null}>
          <ProfilePictureCropper imageUrl={chosen} onCancel={() => setChosen(null)} onSave={onSave} />
        </Suspense>
      )}
    </div>
  );
}

/** The details card's frame while its form loads: the same card and heading, the form's height kept. */
function DetailsFormPlaceholder() {
  return (
    <div aria-hidden="true" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="h-6 w-40 animate-pulse rounded bg-slate-100" />
      <div className="mt-3 h-4 w-72 max-w-full animate-pulse rounded bg-slate-100" />
      <div className="mt-6 h-[36.5rem] animate-pulse rounded-xl bg-slate-50 sm:h-[25.25rem]" />
    </div>
  );
}
