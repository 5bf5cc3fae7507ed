import { X } from 'lucide-react';
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { CURRENCIES } from '#contracts/exchange-rates';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { CharacterCount } from '../../components/ui/CharacterCount.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import { formatAmountInput } from '../preferences/format.ts';
import { AREA_UNIT_LABELS, FURNISHING_LABELS, STATUS_LABELS } from './labels.ts';
import { PhotoPicker } from './PhotoPicker.tsx';
import { type PhotoDraft, releasePhotos } from './photoUploads.ts';
import type { Property } from './types.ts';
import { VerificationSummary } from './VerificationSummary.tsx';
import {
  type FieldErrors,
  serverFieldErrors,
  validateNewProperty,
  validatePropertyChanges,
} from './validation.ts';

/**
 * What the form edits, as its inputs hold it (text). The verification flags are not among them: they are
 * earned through the listing's verifications (its page's Verification card) and shown here read-only.
 */
export interface PropertyFormValues {
  title: string;
  price: string;
  currency: string;
  street_address: string;
  city: string;
  area: string;
  bedrooms_count: string;
  bathrooms_count: string;
  size: string;
  measurement_metric: string;
  furnishing: string;
  status: string;
  collaborator_commission: string;
  description: string;
  additionalFeatures: string;
  closeTo: string;
  views: string;
  video_link: string;
  virtual_tour_link: string;
}

type TextField = keyof PropertyFormValues;
const LIST_FIELDS = ['additionalFeatures', 'closeTo', 'views'] as const;
/** Numbers may be typed with thousands separators ("425,000"). */
const NUMBER_FIELDS = new Set<string>([
  'price',
  'bedrooms_count',
  'bathrooms_count',
  'size',
  'collaborator_commission',
]);
/** Optional fields an edit clears when emptied (PUT clearFields). */
const CLEARABLE = new Set<string>([
  'street_address',
  'area',
  'bedrooms_count',
  'bathrooms_count',
  'size',
  'furnishing',
  'collaborator_commission',
  'description',
  'video_link',
  'virtual_tour_link',
]);

const text = (value: number | string | undefined) => (value === undefined ? '' : String(value));

/**
 * The form's values of a property (a new one: empty, in the agent's unit and currency). The price shows
 * as it was entered, in its own currency, with separators ("450,000"): reopening shows what was typed.
 */
export function valuesOf(property: Property | undefined, unit: string, currency = 'USD'): PropertyFormValues {
  return {
    title: property?.title ?? '',
    price: property ? formatAmountInput(property.price) : '',
    currency: property?.currency ?? currency,
    street_address: property?.street_address ?? '',
    city: property?.city ?? '',
    area: property?.area ?? '',
    bedrooms_count: text(property?.bedrooms_count),
    bathrooms_count: text(property?.bathrooms_count),
    size: text(property?.size),
    measurement_metric: property?.measurement_metric ?? unit,
    furnishing: property?.furnishing ?? '',
    status: property?.status ?? 'for_sale',
    collaborator_commission: text(property?.collaborator_commission),
    description: property?.description ?? '',
    additionalFeatures: property?.additionalFeatures.join(', ') ?? '',
    closeTo: property?.closeTo.join(', ') ?? '',
    views: property?.views.join(', ') ?? '',
    video_link: property?.video_link ?? '',
    virtual_tour_link: property?.virtual_tour_link ?? '',
  };
}

const splitList = (value: string) =>
  value
    .split(/[,\n]/)
    .map((entry) => entry.trim())
    .filter(Boolean);

/** "€ 450,000" → "450000": separators and a leading currency symbol are how people write numbers. */
const numberText = (value: string) => value.replace(/[\s,_]/g, '').replace(/^\p{Sc}/u, '');

/** The multipart text fields of the form's values; empty ones are left out. */
export function fieldsOf(values: PropertyFormValues): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(values) as Array<[keyof PropertyFormValues, string]>) {
    if ((LIST_FIELDS as readonly string[]).includes(name)) fields[name] = JSON.stringify(splitList(value));
    else if (value.trim() !== '') fields[name] = NUMBER_FIELDS.has(name) ? numberText(value) : value.trim();
  }
  return fields;
}

/** An edit sends what changed, and names emptied optional fields in clearFields. */
export function changesOf(before: PropertyFormValues, after: PropertyFormValues): Record<string, string> {
  const old = fieldsOf(before);
  const now = fieldsOf(after);
  const changes: Record<string, string> = {};
  const cleared: string[] = [];
  for (const name of Object.keys(after)) {
    if (now[name] === old[name]) continue;
    if (now[name] === undefined) {
      if (CLEARABLE.has(name)) cleared.push(name);
    } else changes[name] = now[name]!;
  }
  if (cleared.length) changes.clearFields = JSON.stringify(cleared);
  return changes;
}

const selectClass =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-[0.9375rem] text-slate-900 shadow-xs hover:border-slate-400 focus:border-brand-2 focus:ring-4 focus:ring-brand-1/15 focus:outline-none aria-invalid:border-red-500';
const textareaClass =
  'block min-h-28 w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-[0.9375rem] text-slate-900 shadow-xs placeholder:text-slate-400 hover:border-slate-400 focus:border-brand-2 focus:ring-4 focus:ring-brand-1/15 focus:outline-none aria-invalid:border-red-500';

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm shadow-slate-900/5 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-5 grid grid-cols-1 gap-5 sm:grid-cols-2">{children}</div>
    </section>
  );
}

export interface SubmitInput {
  /** every field (new property) or only what changed (edit) */
  fields: Record<string, string>;
  photos: PhotoDraft[];
  /** edit: urls of existing photos to remove */
  removeMedia: string[];
}

export type SubmitPhase = 'idle' | 'uploading' | 'saving';

/**
 * Every Property field of spec §3 with a label, the API's own rules checked per field before sending
 * (contracts/schemas/properties.ts), the server's 400 shown the same way, and the photos: drag and drop,
 * previews and order before saving. `onSubmit` uploads and saves; it throws the API's error to show.
 */
export function PropertyForm({
  property,
  defaultUnit,
  defaultCurrency,
  submitLabel,
  onSubmit,
  onCancel,
  phase,
  progress,
}: {
  property?: Property;
  defaultUnit: string;
  /** a new listing's currency: the agent's display currency */
  defaultCurrency: string;
  submitLabel: string;
  onSubmit: (input: SubmitInput) => Promise<void>;
  onCancel: () => void;
  phase: SubmitPhase;
  /** photos uploaded so far, while uploading */
  progress?: { done: number; total: number } | undefined;
}) {
  const initial = useRef(valuesOf(property, defaultUnit, defaultCurrency));
  const [values, setValues] = useState<PropertyFormValues>(initial.current);
  const [photos, setPhotos] = useState<PhotoDraft[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const photosRef = useRef(photos);
  photosRef.current = photos;
  const busy = phase !== 'idle';
  const editing = property !== undefined;

  useEffect(() => () => releasePhotos(photosRef.current), []);
  // a new listing follows the agent's currency and unit as their preferences arrive, until changed here
  const touched = useRef(new Set<string>());
  useEffect(() => {
    if (editing) return;
    const follow = {
      ...(touched.current.has('currency') ? {} : { currency: defaultCurrency }),
      ...(touched.current.has('measurement_metric') ? {} : { measurement_metric: defaultUnit }),
    };
    setValues((current) => ({ ...current, ...follow }));
  }, [editing, defaultCurrency, defaultUnit]);
  // after a refused submit, the first field with a message takes the focus (and scrolls into view)
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const refuse = (next: FieldErrors) => {
    setErrors(next);
    setAttempt((count) => count + 1);
  };

  const field = (name: TextField) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      touched.current.add(name);
      setValues((current) => ({ ...current, [name]: event.target.value }));
      if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const fields = editing ? changesOf(initial.current, values) : fieldsOf(values);
    if (editing && Object.keys(fields).length === 0 && photos.length === 0 && removed.length === 0) {
      onCancel();
      return;
    }
    const found =
      editing && Object.keys(fields).length === 0
        ? {}
        : editing
          ? validatePropertyChanges(fields)
          : validateNewProperty(fields);
    if (Object.keys(found).length > 0) {
      if (found.form) setFormError(found.form);
      refuse(found);
      return;
    }
    setErrors({});
    try {
      await onSubmit({ fields, photos, removeMedia: removed });
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      if (status === 402) {
        setFormError('Your plan does not allow this right now. See the message for your options.');
        return;
      }
      const fieldErrors = serverFieldErrors(error);
      if (Object.keys(fieldErrors).length > 0) refuse(fieldErrors);
      setFormError(
        error instanceof Error
          ? error.message
          : apiErrorMessage(error, 'The property could not be saved. Please try again.'),
      );
    }
  };

  const existing = property?.media.filter((item) => !removed.includes(item.url)) ?? [];

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-6" aria-label={submitLabel}>
      {formError && <Alert>{formError}</Alert>}

      <Section title="Listing" description="What agents see first.">
        <FormField
          label="Title"
          error={errors.title}
          className="sm:col-span-2"
          labelAside={<CharacterCount length={values.title.trim().length} max={200} from={180} />}
        >
          {(control) => (
            <Input {...control} {...field('title')} placeholder="Bright 2-bedroom loft by the river" />
          )}
        </FormField>
        <FormField
          label="Price"
          error={errors.price}
          hint="Monthly rent for rentals, in the currency beside. Other agents also see it in theirs."
        >
          {(control) => <Input {...control} {...field('price')} inputMode="decimal" placeholder="425,000" />}
        </FormField>
        <FormField label="Currency" error={errors.currency}>
          {(control) => (
            <select {...control} {...field('currency')} className={selectClass}>
              {CURRENCIES.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.code} · {option.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Status" error={errors.status}>
          {(control) => (
            <select {...control} {...field('status')} className={selectClass}>
              {Object.entries(STATUS_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label="Collaborator commission (%)"
          error={errors.collaborator_commission}
          hint="The share of your commission offered to a collaborating agent."
        >
          {(control) => (
            <Input {...control} {...field('collaborator_commission')} inputMode="decimal" placeholder="2.5" />
          )}
        </FormField>
      </Section>

      <Section title="Location">
        <FormField label="Street address" error={errors.street_address} className="sm:col-span-2">
          {(control) => <Input {...control} {...field('street_address')} autoComplete="street-address" />}
        </FormField>
        <FormField label="City" error={errors.city}>
          {(control) => <Input {...control} {...field('city')} autoComplete="address-level2" />}
        </FormField>
        <FormField label="Area" error={errors.area} hint="Neighbourhood or district.">
          {(control) => <Input {...control} {...field('area')} />}
        </FormField>
      </Section>

      <Section title="Details">
        <FormField label="Bedrooms" error={errors.bedrooms_count}>
          {(control) => <Input {...control} {...field('bedrooms_count')} inputMode="numeric" />}
        </FormField>
        <FormField label="Bathrooms" error={errors.bathrooms_count}>
          {(control) => <Input {...control} {...field('bathrooms_count')} inputMode="numeric" />}
        </FormField>
        <FormField label="Size" error={errors.size}>
          {(control) => <Input {...control} {...field('size')} inputMode="decimal" />}
        </FormField>
        <FormField label="Area unit" error={errors.measurement_metric}>
          {(control) => (
            <select {...control} {...field('measurement_metric')} className={selectClass}>
              {Object.entries(AREA_UNIT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Furnishing" error={errors.furnishing}>
          {(control) => (
            <select {...control} {...field('furnishing')} className={selectClass}>
              <option value="">Not specified</option>
              {Object.entries(FURNISHING_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label="Description"
          error={errors.description}
          className="sm:col-span-2"
          labelAside={<CharacterCount length={values.description.length} max={10_000} from={9_000} />}
        >
          {(control) => (
            <textarea {...control} {...field('description')} rows={5} className={textareaClass} />
          )}
        </FormField>
      </Section>

      <Section title="Features" description="Separate entries with commas.">
        <FormField label="Additional features" error={errors.additionalFeatures} className="sm:col-span-2">
          {(control) => (
            <Input {...control} {...field('additionalFeatures')} placeholder="Balcony, Lift, Parking" />
          )}
        </FormField>
        <FormField label="Close to" error={errors.closeTo}>
          {(control) => <Input {...control} {...field('closeTo')} placeholder="Metro, Schools" />}
        </FormField>
        <FormField label="Views" error={errors.views}>
          {(control) => <Input {...control} {...field('views')} placeholder="River, City" />}
        </FormField>
      </Section>

      <Section title="Photos and tours">
        {editing && existing.length > 0 && (
          <div className="sm:col-span-2">
            <p className="mb-2 text-sm font-medium text-slate-800">Current photos</p>
            <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
              {existing.map((item, index) => (
                <li key={item.url} className="relative overflow-hidden rounded-lg border border-slate-200">
                  <img
                    src={item.url}
                    alt={`Current ${index + 1} of ${existing.length}`}
                    className="aspect-[4/3] w-full object-cover"
                  />
                  <button
                    type="button"
                    aria-label={`Remove current photo ${index + 1}`}
                    onClick={() => setRemoved((current) => [...current, item.url])}
                    className="absolute top-1 right-1 inline-flex size-7 items-center justify-center rounded-full bg-white/95 text-slate-700 shadow ring-1 ring-slate-900/10 hover:text-red-600"
                  >
                    <X className="size-4" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="sm:col-span-2">
          <p className="mb-2 text-sm font-medium text-slate-800">{editing ? 'Add photos' : 'Photos'}</p>
          <PhotoPicker
            photos={photos}
            disabled={busy}
            error={errors.files}
            onChange={(next, dropped) => {
              if (dropped) releasePhotos([dropped]);
              setPhotos(next);
              if (errors.files) setErrors(({ files: _cleared, ...rest }) => rest);
            }}
          />
        </div>
        <FormField label="Video link" error={errors.video_link}>
          {(control) => <Input {...control} {...field('video_link')} type="url" placeholder="https://" />}
        </FormField>
        <FormField label="Virtual tour link" error={errors.virtual_tour_link}>
          {(control) => (
            <Input {...control} {...field('virtual_tour_link')} type="url" placeholder="https://" />
          )}
        </FormField>
      </Section>

      <Section
        title="Verification"
        description="Earned, not declared: EstateNet's support staff approve the deed, and the owner confirms the listing through an emailed link."
      >
        <VerificationSummary property={property} />
      </Section>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-col-reverse gap-3 border-t border-slate-200 bg-white/95 px-4 py-4 backdrop-blur sm:mx-0 sm:flex-row sm:items-center sm:justify-end sm:rounded-2xl sm:border">
        {phase === 'uploading' && progress && (
          <p className="text-sm text-slate-600 sm:mr-auto" role="status">
            Uploading photos… {Math.floor(progress.done)} of {progress.total}
          </p>
        )}
        {phase === 'saving' && (
          <p className="text-sm text-slate-600 sm:mr-auto" role="status">
            Saving the property…
          </p>
        )}
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
