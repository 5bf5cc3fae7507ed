import { Building2, ImageUp } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { PROFILE_IMAGE_TYPES } from '#contracts/values';
import { useAppSelector } from '../../app/hooks.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card.tsx';
import { textLimit } from '../../components/ui/CharacterCount.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import {
  decodesAsImage,
  isAcceptedImage,
  NOT_AN_IMAGE_MESSAGE,
  UNREADABLE_IMAGE_MESSAGE,
} from '../agents/imageFile.ts';
import { isMissingPicture } from '../agents/profilePicture.ts';
import { apiErrorMessage } from '../errors/apiError.ts';
import { useUpdateAgencyMutation, useUploadLogoMutation } from './api.ts';
import { selectAgencyData, selectAgencyLogo } from './selectors.ts';

/** Agency admins edit the agency's name and upload its logo from their profile page. */
export function AgencyCard() {
  const agency = useAppSelector(selectAgencyData);
  const logo = useAppSelector(selectAgencyLogo);
  const [name, setName] = useState(agency?.name ?? '');
  const [nameError, setNameError] = useState<string | undefined>();
  const nameLimit = textLimit('Agency name', name, 120);
  const [error, setError] = useState<string | null>(null);
  const [updateAgency, { isLoading: saving }] = useUpdateAgencyMutation();
  const [uploadLogo, { isLoading: uploading }] = useUploadLogoMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  if (!agency) return null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!name.trim()) return setNameError("Enter your agency's name");
    if (nameLimit.error) return;
    setNameError(undefined);
    const result = await updateAgency({ id: agency.id, patch: { name: name.trim() } });
    if ('error' in result)
      setError(apiErrorMessage(result.error, 'The agency could not be saved. Please try again.'));
    else showToast('success', 'Agency saved');
  };

  const onLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedImage(file)) return setError(NOT_AN_IMAGE_MESSAGE);
    if (!(await decodesAsImage(file))) return setError(UNREADABLE_IMAGE_MESSAGE);
    setError(null);
    const result = await uploadLogo({ agencyId: agency.id, image: file });
    if ('error' in result)
      setError(apiErrorMessage(result.error, 'The logo could not be uploaded. Please try again.'));
    else showToast('success', 'Logo updated');
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your agency</CardTitle>
        <CardDescription>As the agency's admin you can change its name and logo.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6 sm:grid-cols-[auto_1fr]">
        <div className="flex flex-col items-center gap-3">
          <div className="flex size-24 items-center justify-center overflow-hidden rounded-2xl border border-slate-200 bg-slate-50">
            {isMissingPicture(logo) ? (
              <Building2 className="size-9 text-slate-400" aria-hidden="true" />
            ) : (
              <img src={logo!} alt={`${agency.name} logo`} className="size-full object-contain" />
            )}
          </div>
          <input
            ref={fileInput}
            type="file"
            accept={PROFILE_IMAGE_TYPES.join(',')}
            aria-label="Choose an agency logo"
            className="sr-only"
            tabIndex={-1}
            onChange={onLogo}
          />
          <Button
            variant="secondary"
            size="sm"
            loading={uploading}
            onClick={() => fileInput.current?.click()}
          >
            <ImageUp className="size-4" aria-hidden="true" />
            Upload logo
          </Button>
        </div>
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Agency details">
          <FormField label="Agency name" error={nameError ?? nameLimit.error} labelAside={nameLimit.counter}>
            {(control) => (
              <Input {...control} value={name} onChange={(event) => setName(event.target.value)} />
            )}
          </FormField>
          {error && <Alert>{error}</Alert>}
          <div className="flex justify-end">
            <Button
              type="submit"
              loading={saving}
              disabled={name.trim() === agency.name || Boolean(nameLimit.error)}
            >
              Save agency
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
