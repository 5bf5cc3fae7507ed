import { Handshake } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  DEAL_MESSAGE_MAX_LENGTH,
  DEAL_SHAREABLE_CLIENT_FIELD_LABELS,
  DEAL_SHAREABLE_CLIENT_FIELDS,
  type DealShareableClientField,
} from '#contracts/deals';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { textLimit } from '../../components/ui/CharacterCount.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { Select, Textarea } from '../agenda/fields.tsx';
import { useClientBookArg, useListClientsInfiniteQuery } from '../clients/api.ts';
import { apiErrorMessage } from '../errors/apiError.ts';
import { useCreateDealMutation } from './api.ts';
import { clientTypesFor } from './dealView.ts';
import { dealPath } from './paths.ts';

/** The listing a deal is proposed on, as the property page has it. */
export interface CollaborationListing {
  property_id: string;
  title: string;
  status: string;
  collaborator_commission?: number | undefined;
}

const TYPE_NAMES: Record<string, string> = { buyer: 'buyers', investor: 'investors', tenant: 'tenants' };

/**
 * Proposes one of the caller's clients for another agent's listing (POST /api/deals): the client, what
 * to share of them beyond the name, a message; the agreed commission is the listing's. On success the
 * deal's page opens; a refusal is shown here. `clientId` chooses the client beforehand (a client's match).
 */
export function CollaborateDialog({
  listing,
  clientId: chosenClientId = '',
  open,
  onOpenChange,
}: {
  listing: CollaborationListing;
  clientId?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const id = useId();
  const types = useMemo(() => clientTypesFor(listing.status), [listing.status]);
  const book = useListClientsInfiniteQuery(useClientBookArg(), { skip: !open });
  const clients = useMemo(
    () =>
      (book.data?.pages ?? [])
        .flatMap((page) => page.items)
        .filter((client) => types.includes(client.type))
        .sort((a, b) => a.full_name.localeCompare(b.full_name)),
    [book.data, types],
  );
  const [clientId, setClientId] = useState(chosenClientId);
  const [shared, setShared] = useState<DealShareableClientField[]>([]);
  const [message, setMessage] = useState('');
  const [clientError, setClientError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [createDeal, { isLoading }] = useCreateDealMutation();
  const messageLimit = textLimit('Message', message, DEAL_MESSAGE_MAX_LENGTH);
  const typeNames = types.map((type) => TYPE_NAMES[type]).join(' and ');

  const toggle = (field: DealShareableClientField) =>
    setShared((current) =>
      current.includes(field) ? current.filter((item) => item !== field) : [...current, field],
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    if (!clientId) {
      setClientError('Choose the client to propose');
      return;
    }
    if (messageLimit.error) return;
    const text = message.trim();
    const result = await createDeal({
      property_id: listing.property_id,
      client_id: clientId,
      shared_fields: DEAL_SHAREABLE_CLIENT_FIELDS.filter((field) => shared.includes(field)),
      ...(text ? { message: text } : {}),
    });
    if ('error' in result) {
      setFormError(apiErrorMessage(result.error, 'The deal could not be proposed. Please try again.'));
      return;
    }
    onOpenChange(false);
    navigate(dealPath(result.data.deal_id));
  };

  const noClients = book.isSuccess && clients.length === 0;

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      icon={
        <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-2 ring-1 ring-brand-100">
          <Handshake className="size-5.5" aria-hidden="true" />
        </span>
      }
      title="Collaborate on this listing"
      description={
        <>
          Propose one of your {typeNames} for <strong className="text-slate-900">{listing.title}</strong>. The
          listing agent accepts or declines.
        </>
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} loading={isLoading} disabled={noClients}>
            Propose deal
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} noValidate className="space-y-5">
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          Collaborator commission:{' '}
          <strong>
            {listing.collaborator_commission !== undefined
              ? `${listing.collaborator_commission}%`
              : 'none set on this listing'}
          </strong>
          <span className="block text-xs text-slate-500">By proposing you agree to it.</span>
        </p>

        {book.isError ? (
          <Alert>{apiErrorMessage(book.error, 'Your clients could not be loaded.')}</Alert>
        ) : noClients ? (
          <Alert tone="info">
            You have no {typeNames} yet. Add one on the Clients page, then propose them here.
          </Alert>
        ) : (
          <FormField label="Client" error={clientError}>
            {(control) => (
              <Select
                {...control}
                value={clientId}
                disabled={book.isLoading}
                onChange={(event) => {
                  setClientId(event.target.value);
                  setClientError(undefined);
                }}
              >
                <option value="">{book.isLoading ? 'Loading your clients…' : 'Choose a client'}</option>
                {clients.map((client) => (
                  <option key={client.client_id} value={client.client_id}>
                    {client.full_name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        )}

        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Share with the listing agent</legend>
          <p className="mt-0.5 text-sm text-slate-500">The client's name is always shared.</p>
          <div className="mt-2 grid grid-cols-2 gap-2">
            {DEAL_SHAREABLE_CLIENT_FIELDS.map((field) => (
              <label
                key={field}
                className="flex cursor-pointer items-center gap-2.5 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 hover:bg-slate-50"
              >
                <input
                  type="checkbox"
                  checked={shared.includes(field)}
                  onChange={() => toggle(field)}
                  className="size-4 rounded border-slate-300 accent-brand-2"
                />
                {DEAL_SHAREABLE_CLIENT_FIELD_LABELS[field]}
              </label>
            ))}
          </div>
        </fieldset>

        <FormField label="Message (optional)" labelAside={messageLimit.counter} error={messageLimit.error}>
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              value={message}
              placeholder="A word for the listing agent about your client"
              onChange={(event) => setMessage(event.target.value)}
            />
          )}
        </FormField>

        {formError && <Alert>{formError}</Alert>}
      </form>
    </Modal>
  );
}
