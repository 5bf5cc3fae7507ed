import { useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { useAreaUnit, useCurrency } from '../preferences/usePreferences.ts';
import { useAddPropertyMutation } from './api.ts';
import { PropertyForm, type SubmitInput } from './PropertyForm.tsx';
import { successPath } from './paths.ts';
import { asSubmitError, formDataOf, usePropertySubmit } from './usePropertySubmit.ts';

/** /properties/add-property: a new listing; success goes to /properties/success?id=… (spec §2). */
export function AddPropertyPage() {
  const navigate = useNavigate();
  const { unit } = useAreaUnit();
  const { currency } = useCurrency();
  const [addProperty] = useAddPropertyMutation();
  const { phase, setPhase, progress, upload } = usePropertySubmit();

  const submit = async ({ fields, photos }: SubmitInput) => {
    try {
      const fileKeys = await upload(photos);
      setPhase('saving');
      const result = await addProperty(formDataOf(fields, fileKeys));
      if ('error' in result)
        throw asSubmitError(result.error, 'The property could not be added. Please try again.');
      navigate(successPath(result.data.propertyId), { state: { points: result.data.points_awarded } });
    } finally {
      setPhase('idle');
    }
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Add a property</h1>
        <p className="mt-1 text-sm text-slate-600">
          List a property for agents across the network. Title, price and city are required.
        </p>
      </header>
      <PropertyForm
        defaultUnit={unit}
        defaultCurrency={currency}
        submitLabel="Add Property"
        phase={phase}
        progress={progress}
        onSubmit={submit}
        onCancel={() => navigate(paths.propertyList)}
      />
    </div>
  );
}
