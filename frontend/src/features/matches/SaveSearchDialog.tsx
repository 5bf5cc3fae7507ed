import { BellPlus } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { SoughtStatus } from '#contracts/listing-match';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { Select } from '../agenda/fields.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import { STATUS_LABELS } from '../properties/labels.ts';
import { useCreateSavedSearchMutation } from './api.ts';
import { savedSearchesPath } from './paths.ts';
import {
  describeSearch,
  isSoughtStatus,
  type SearchFilters,
  SOUGHT_STATUSES,
  searchFromFilters,
  suggestedName,
} from './savedSearchText.ts';

const NAME_MAX_LENGTH = 80;

/**
 * "Save this search": the property filters as a saved search (city as its area, the price range in the
 * agent's currency, bedrooms), named by the agent. New listings that match it are notified like a client's
 * matches. The server's refusal (the cap of saved searches, a bad field) is shown here.
 */
export function SaveSearchDialog({
  filters,
  currency,
  open,
  onOpenChange,
}: {
  filters: SearchFilters;
  currency: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [status, setStatus] = useState<SoughtStatus>(
    isSoughtStatus(filters.status) ? filters.status : 'for_sale',
  );
  const search = useMemo(() => searchFromFilters(filters, currency, status), [filters, currency, status]);
  const [name, setName] = useState(() => suggestedName(search));
  const [nameError, setNameError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [createSearch, { isLoading }] = useCreateSavedSearchMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const trimmed = name.trim();
    if (!trimmed) return setNameError('Name is required');
    const result = await createSearch({ ...search, name: trimmed });
    if ('error' in result) {
      setFormError(apiErrorMessage(result.error, 'The search could not be saved. Please try again.'));
      return;
    }
    showToast('success', `Search saved: ${result.data.name}`);
    onOpenChange(false);
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      icon={
        <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-2 ring-1 ring-brand-100">
          <BellPlus className="size-5.5" aria-hidden="true" />
        </span>
      }
      title="Save this search"
      description="You'll be notified when a new listing on the network matches it."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} loading={isLoading}>
            Save search
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate className="space-y-5">
        <FormField label="Name" error={nameError}>
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={NAME_MAX_LENGTH}
              autoFocus
              onChange={(event) => {
                setName(event.target.value);
                setNameError(undefined);
              }}
            />
          )}
        </FormField>
        <FormField label="Looking for">
          {(control) => (
            <Select
              {...control}
              value={status}
              onChange={(event) => setStatus(event.target.value as SoughtStatus)}
            >
              {SOUGHT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          <span className="block text-xs font-semibold tracking-wide text-slate-500 uppercase">Matches</span>
          {describeSearch(search)}
        </p>
        {formError && (
          <Alert>
            {formError}{' '}
            <Link to={savedSearchesPath} className="font-semibold underline">
              Your saved searches
            </Link>
          </Alert>
        )}
      </form>
    </Modal>
  );
}
