import { useNavigate, useParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { selectAgentId } from '../auth/authSlice.ts';
import { useAreaUnit, useCurrency } from '../preferences/usePreferences.ts';
import { useGetPropertyQuery, useUpdatePropertyMutation } from './api.ts';
import { PropertyForm, type SubmitInput } from './PropertyForm.tsx';
import { propertyPath } from './paths.ts';
import { asSubmitError, formDataOf, usePropertySubmit } from './usePropertySubmit.ts';

/** /properties/edit/:propertyId: the listing agent changes its property (others are sent to the detail page). */
export function EditPropertyPage() {
  const { propertyId = '' } = useParams();
  const navigate = useNavigate();
  const agentId = useAppSelector(selectAgentId);
  const { unit } = useAreaUnit();
  const { currency } = useCurrency();
  const { data: property, isLoading, isError } = useGetPropertyQuery(propertyId);
  const [updateProperty] = useUpdatePropertyMutation();
  const { phase, setPhase, progress, upload } = usePropertySubmit();

  if (isLoading) {
    return (
      <div className="flex justify-center py-24 text-brand-2">
        <Spinner className="size-8" label="Loading the property" />
      </div>
    );
  }
  if (isError || !property) return <Alert>The property could not be loaded.</Alert>;
  if (property.agent_id !== agentId) return <Alert>Only the listing agent can change this property.</Alert>;

  const submit = async ({ fields, photos, removeMedia }: SubmitInput) => {
    try {
      const fileKeys = await upload(photos);
      setPhase('saving');
      const result = await updateProperty({
        id: propertyId,
        body: formDataOf(fields, fileKeys, removeMedia),
      });
      if ('error' in result)
        throw asSubmitError(result.error, 'The property could not be saved. Please try again.');
      showToast('success', 'Property saved');
      navigate(propertyPath(propertyId));
    } finally {
      setPhase('idle');
    }
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Edit property</h1>
        <p className="mt-1 truncate text-sm text-slate-600">{property.title}</p>
      </header>
      <PropertyForm
        property={property}
        defaultUnit={unit}
        defaultCurrency={currency}
        submitLabel="Save changes"
        phase={phase}
        progress={progress}
        onSubmit={submit}
        onCancel={() => navigate(propertyPath(propertyId))}
      />
    </div>
  );
}
