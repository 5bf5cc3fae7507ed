import clsx from 'clsx';
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { CLIENT_STAGES, CLIENT_TYPES } from '#contracts/client-values';
import { fieldLabel } from '#contracts/field-labels';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { CharacterCount } from '../../components/ui/CharacterCount.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import {
  type Client,
  type ClientAgent,
  isClientLimitError,
  useCreateClientMutation,
  useUpdateClientMutation,
} from './api.ts';
import { CURRENCIES, SOURCE_SUGGESTIONS, STAGE_LABELS, splitList, TYPE_LABELS } from './clientFormat.ts';
import { type FieldErrors, serverFieldErrors, validateClientPatch, validateNewClient } from './validation.ts';

/** What the form edits, as the inputs hold it (text), before it becomes a request body. */
interface FormValues {
  full_name: string;
  email: string;
  phone: string;
  type: string;
  stage: string;
  budget_min: string;
  budget_max: string;
  currency: string;
  preferred_areas: string;
  bedrooms_min: string;
  tags: string;
  property_interests: string;
  source: string;
  assigned_agent_id: string;
  last_contact_at: string;
  notes: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
/** ISO → the local "YYYY-MM-DDTHH:mm" a datetime-local input holds. */
function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function valuesOf(client: Client | undefined, defaultCurrency: string): FormValues {
  return {
    full_name: client?.full_name ?? '',
    email: client?.email ?? '',
    phone: client?.phone ?? '',
    type: client?.type ?? 'buyer',
    stage: client?.stage ?? 'new',
    budget_min: client?.budget_min === undefined ? '' : String(client.budget_min),
    budget_max: client?.budget_max === undefined ? '' : String(client.budget_max),
    currency: client?.currency ?? defaultCurrency,
    preferred_areas: client?.preferred_areas.join(', ') ?? '',
    bedrooms_min: client?.bedrooms_min === undefined ? '' : String(client.bedrooms_min),
    tags: client?.tags.join(', ') ?? '',
    property_interests: client?.property_interests.join(', ') ?? '',
    source: client?.source ?? '',
    assigned_agent_id: client?.assigned_agent_id ?? '',
    last_contact_at: toLocalInput(client?.last_contact_at),
    notes: client?.notes ?? '',
  };
}

const amount = (text: string) => {
  const clean = text.replace(/[\s,_]/g, '');
  return clean === '' ? undefined : Number.isFinite(Number(clean)) ? Number(clean) : text;
};

/** The body fields of the form's values; blank optional fields are absent. */
function bodyOf(values: FormValues): Record<string, unknown> {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const lastContact = values.last_contact_at ? new Date(values.last_contact_at) : undefined;
  return {
    full_name: values.full_name,
    email: text(values.email),
    phone: text(values.phone),
    type: values.type,
    stage: values.stage,
    budget_min: amount(values.budget_min),
    budget_max: amount(values.budget_max),
    currency: values.currency,
    preferred_areas: splitList(values.preferred_areas),
    bedrooms_min: amount(values.bedrooms_min),
    tags: splitList(values.tags),
    property_interests: splitList(values.property_interests),
    source: text(values.source),
    assigned_agent_id: text(values.assigned_agent_id),
    last_contact_at:
      lastContact && !Number.isNaN(lastContact.getTime())
        ? lastContact.toISOString()
        : text(values.last_contact_at),
    notes: values.notes.trim() === '' ? undefined : values.notes,
  };
}

const OPTIONAL_TEXT = new Set([
  'email',
  'phone',
  'budget_min',
  'budget_max',
  'bedrooms_min',
  'source',
  'assigned_agent_id',
  'last_contact_at',
  'notes',
]);

/** An edit sends only what changed; a cleared optional field is sent as null. */
function patchOf(client: Client, values: FormValues): Record<string, unknown> {
  const before = bodyOf(valuesOf(client, client.currency));
  const after = bodyOf(values);
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(after)) {
    if (JSON.stringify(value ?? null) === JSON.stringify(before[field] ?? null)) continue;
    patch[field] = value === undefined && OPTIONAL_TEXT.has(field) ? null : value;
  }
  return patch;
}

const selectClass =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-[0.9375rem] text-slate-900 shadow-xs hover:border-slate-400 focus:border-brand-2 focus:ring-4 focus:ring-brand-1/15 focus:outline-none aria-invalid:border-red-500';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * Add or edit a client: labelled inputs, the API's own rules checked in the browser first with a message
 * under each field, then the server's answer (400 fields, the 403 clients limit) shown the same way.
 */
export function ClientFormDialog({
  client,
  agents,
  showAssignee,
  defaultCurrency = 'USD',
  onClose,
  onSaved,
}: {
  /** absent: a new client */
  client?: Client;
  agents: ClientAgent[];
  /** agency members can assign a client to a colleague */
  showAssignee: boolean;
  defaultCurrency?: string;
  onClose: () => void;
  onSaved?: (client: Client) => void;
}) {
  const formId = useId();
  const [values, setValues] = useState<FormValues>(() => valuesOf(client, defaultCurrency));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [createClient, creating] = useCreateClientMutation();
  const [updateClient, updating] = useUpdateClientMutation();
  const saving = creating.isLoading || updating.isLoading;
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);

  // after a refused submit, the first field with a message takes the focus (and scrolls into view)
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);
  const refuse = (next: FieldErrors) => {
    setErrors(next);
    setAttempt((count) => count + 1);
  };
  const editing = client !== undefined;

  const field = (key: keyof FormValues) => ({
    value: values[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      setValues((current) => ({ ...current, [key]: event.target.value }));
      if (errors[key]) setErrors(({ [key]: _cleared, ...rest }) => rest);
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    if (editing) {
      const patch = patchOf(client, values);
      if (Object.keys(patch).length === 0) return onClose();
      const checked = validateClientPatch(patch);
      if (!checked.data) return refuse(checked.errors);
      setErrors({});
      const result = await updateClient({ id: client.client_id, patch });
      if ('error' in result) return failed(result.error);
      showToast('success', `${result.data.full_name} saved`);
      onSaved?.(result.data);
      return onClose();
    }
    const checked = validateNewClient(bodyOf(values));
    if (!checked.data) return refuse(checked.errors);
    setErrors({});
    const result = await createClient(checked.data);
    if ('error' in result) return failed(result.error);
    showToast('success', `${result.data.full_name} added`);
    onSaved?.(result.data);
    onClose();
  };

  const failed = (error: unknown) => {
    const fields = serverFieldErrors(error);
    refuse(fields);
    // the limit prompt opens (the API layer) and the page shows the message: the form gives way to it
    if (isClientLimitError(error)) return onClose();
    if (Object.keys(fields).length === 0) {
      setFormError(apiErrorMessage(error, 'The client could not be saved. Please try again.'));
    }
  };

  const control = (key: keyof FormValues) => ({ ...field(key), name: key });
  const textareaClass = clsx(
    'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-[0.9375rem] text-slate-900 shadow-xs',
    'placeholder:text-slate-400 hover:border-slate-400 focus:border-brand-2 focus:ring-4 focus:ring-brand-1/15 focus:outline-none aria-invalid:border-red-500',
  );

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={editing ? `Edit ${client.full_name}` : 'Add a client'}
      description={
        editing
          ? 'Changes are recorded in the client’s activity.'
          : 'Only the name is required; you can fill in the rest later.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {editing ? 'Save changes' : 'Add client'}
          </Button>
        </>
      }
    >
      <form
        ref={formRef}
        id={formId}
        noValidate
        onSubmit={onSubmit}
        aria-label={editing ? 'Edit client' : 'New client'}
        className="space-y-6"
      >
        <Section title="Contact">
          <FormField
            label="Full name"
            error={errors.full_name}
            className="sm:col-span-2"
            labelAside={<CharacterCount length={values.full_name.trim().length} max={120} from={100} />}
          >
            {(props) => <Input {...props} {...control('full_name')} autoComplete="off" autoFocus />}
          </FormField>
          <FormField label="Email" error={errors.email}>
            {(props) => (
              <Input {...props} {...control('email')} type="email" autoComplete="off" maxLength={254} />
            )}
          </FormField>
          <FormField label="Phone" error={errors.phone}>
            {(props) => (
              <Input {...props} {...control('phone')} type="tel" autoComplete="off" maxLength={40} />
            )}
          </FormField>
        </Section>

        <Section title="Pipeline">
          <FormField label="Type" error={errors.type}>
            {(props) => (
              <select {...props} {...control('type')} className={selectClass}>
                {CLIENT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {TYPE_LABELS[type]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Stage" error={errors.stage}>
            {(props) => (
              <select {...props} {...control('stage')} className={selectClass}>
                {CLIENT_STAGES.map((stage) => (
                  <option key={stage} value={stage}>
                    {STAGE_LABELS[stage]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Source" error={errors.source} hint="Where the client came from.">
            {(props) => (
              <>
                <Input {...props} {...control('source')} list={`${formId}-sources`} />
                <datalist id={`${formId}-sources`}>
                  {SOURCE_SUGGESTIONS.map((source) => (
                    <option key={source} value={source} />
                  ))}
                </datalist>
              </>
            )}
          </FormField>
          <FormField label="Last contact" error={errors.last_contact_at}>
            {(props) => <Input {...props} {...control('last_contact_at')} type="datetime-local" />}
          </FormField>
          {showAssignee && (
            <FormField label="Assigned agent" error={errors.assigned_agent_id} className="sm:col-span-2">
              {(props) => (
                <select {...props} {...control('assigned_agent_id')} className={selectClass}>
                  <option value="">Not assigned</option>
                  {agents.map((agent) => (
                    <option key={agent.agent_id} value={agent.agent_id}>
                      {agent.full_name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          )}
        </Section>

        <Section title="What they are looking for">
          <div className="grid grid-cols-[1fr_1fr_6.5rem] gap-3 sm:col-span-2">
            <FormField label="Budget from" error={errors.budget_min}>
              {(props) => <Input {...props} {...control('budget_min')} inputMode="numeric" placeholder="0" />}
            </FormField>
            <FormField label="Budget to" error={errors.budget_max}>
              {(props) => (
                <Input {...props} {...control('budget_max')} inputMode="numeric" placeholder="No limit" />
              )}
            </FormField>
            <FormField label="Currency" error={errors.currency}>
              {(props) => (
                <select {...props} {...control('currency')} className={selectClass}>
                  {[...new Set([values.currency, ...CURRENCIES])].map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
          <FormField label="Preferred areas" error={errors.preferred_areas} hint="Separate with commas.">
            {(props) => <Input {...props} {...control('preferred_areas')} placeholder="Alfama, Chiado" />}
          </FormField>
          <FormField label={fieldLabel('bedrooms_min')} error={errors.bedrooms_min}>
            {(props) => (
              <Input {...props} {...control('bedrooms_min')} inputMode="numeric" placeholder="Any" />
            )}
          </FormField>
          <FormField label="Tags" error={errors.tags} hint="Separate with commas." className="sm:col-span-2">
            {(props) => <Input {...props} {...control('tags')} placeholder="vip, relocation" />}
          </FormField>
          <FormField
            label="Property interests"
            error={errors.property_interests}
            hint="Property ids, separated with commas."
            className="sm:col-span-2"
          >
            {(props) => <Input {...props} {...control('property_interests')} />}
          </FormField>
        </Section>

        <FormField
          label="Notes"
          error={errors.notes}
          labelAside={<CharacterCount length={values.notes.length} max={5000} from={4500} />}
        >
          {(props) => <textarea {...props} {...control('notes')} rows={4} className={textareaClass} />}
        </FormField>

        {formError && <Alert>{formError}</Alert>}
      </form>
    </Modal>
  );
}
