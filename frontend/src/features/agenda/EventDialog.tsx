import { CalendarPlus, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { CharacterCount } from '../../components/ui/CharacterCount.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import type { ClientOption } from '../clients/api.ts';
import { apiErrorMessage } from '../errors/apiError.ts';
import type { PropertyOption } from '../properties/api.ts';
import {
  type AgendaEvent,
  useCreateAgendaEventMutation,
  useDeleteAgendaEventMutation,
  useUpdateAgendaEventMutation,
} from './api.ts';
import {
  createBody,
  type EventErrors,
  type EventFormValues,
  REMINDER_CHOICES,
  serverErrors,
  updateBody,
  validateEvent,
  withStart,
} from './eventForm.ts';
import { describeEventTime } from './eventFormat.ts';
import { EVENT_TYPE_OPTIONS } from './eventTypes.ts';
import { Select, Textarea } from './fields.tsx';

export interface ClientChoices {
  options: ClientOption[];
  isLoading: boolean;
  isError: boolean;
}

/** The agent's own listings an event may link to. */
export interface PropertyChoices {
  options: PropertyOption[];
  isLoading: boolean;
  isError: boolean;
}

/** The agent's open deals an event may link to (both agents then see it on the deal's timeline). */
export interface DealChoices {
  options: Array<{ deal_id: string; label: string }>;
  isLoading: boolean;
  isError: boolean;
}

interface EventDialogProps {
  /** the event being edited; a new one when absent */
  event?: AgendaEvent | undefined;
  initialValues: EventFormValues;
  clients: ClientChoices;
  properties: PropertyChoices;
  deals: DealChoices;
  onClose: () => void;
}

/** Create or edit an event: labelled fields, errors under the field they concern, delete with confirmation. */
export function EventDialog({ event, initialValues, clients, properties, deals, onClose }: EventDialogProps) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<EventErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [createEvent, creating] = useCreateAgendaEventMutation();
  const [updateEvent, updating] = useUpdateAgendaEventMutation();
  const [deleteEvent, deleting] = useDeleteAgendaEventMutation();
  const formId = useId();
  const saving = creating.isLoading || updating.isLoading;

  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const onSubmit = async (submitted: FormEvent<HTMLFormElement>) => {
    submitted.preventDefault();
    setFormError(null);
    const problems = validateEvent(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    if (event) {
      const patch = updateBody(event, values);
      if (Object.keys(patch).length === 0) return onClose();
      const result = await updateEvent({ id: event.event_id, patch });
      if ('error' in result)
        return failed(result.error, 'Your changes could not be saved. Please try again.');
      showToast('success', 'Event saved');
    } else {
      const result = await createEvent(createBody(values));
      if ('error' in result) return failed(result.error, 'The event could not be added. Please try again.');
      showToast('success', `${result.data.title} added to your agenda`);
    }
    onClose();
  };

  const failed = (error: unknown, fallback: string) => {
    const fieldErrors = serverErrors((error as { data?: unknown }).data);
    if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
    else setFormError(apiErrorMessage(error, fallback));
  };

  const onDelete = async () => {
    if (!event) return;
    const result = await deleteEvent({ id: event.event_id, dealLinked: Boolean(event.deal_id) });
    if ('error' in result) {
      setConfirmingDelete(false);
      setFormError(apiErrorMessage(result.error, 'The event could not be deleted. Please try again.'));
      return;
    }
    showToast('success', 'Event deleted');
    onClose();
  };

  const knownClient =
    !values.clientId || clients.options.some((client) => client.client_id === values.clientId);
  const knownProperty =
    !values.propertyId || properties.options.some((property) => property.property_id === values.propertyId);
  const knownDeal = !values.dealId || deals.options.some((deal) => deal.deal_id === values.dealId);

  return (
    <>
      <Modal
        open={!confirmingDelete}
        onOpenChange={(open) => !open && onClose()}
        title={event ? 'Edit event' : 'New event'}
        icon={
          <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-2 ring-1 ring-brand-100">
            <CalendarPlus className="size-5.5" aria-hidden="true" />
          </span>
        }
        size="lg"
        footer={
          <>
            {event && (
              <Button
                variant="ghost"
                className="text-red-700 hover:bg-red-50 hover:text-red-800 sm:mr-auto"
                onClick={() => setConfirmingDelete(true)}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                Delete event
              </Button>
            )}
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={saving}>
              Save event
            </Button>
          </>
        }
      >
        <form
          id={formId}
          noValidate
          onSubmit={onSubmit}
          aria-label={event ? 'Edit event' : 'New event'}
          className="grid grid-cols-1 gap-4 sm:grid-cols-2"
        >
          <FormField
            label="Title"
            error={errors.title}
            className="sm:col-span-2"
            labelAside={<CharacterCount length={values.title.trim().length} max={200} from={180} />}
          >
            {(control) => (
              <Input
                {...control}
                autoFocus
                placeholder="Viewing at Rua Augusta 12"
                value={values.title}
                onChange={(change) => set('title', change.target.value)}
              />
            )}
          </FormField>
          <FormField label="Type" error={errors.type}>
            {(control) => (
              <Select
                {...control}
                value={values.type}
                onChange={(change) => set('type', change.target.value as EventFormValues['type'])}
              >
                {EVENT_TYPE_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField
            label="Client"
            error={errors.client_id}
            hint={clients.isError ? 'Your clients could not be loaded.' : undefined}
          >
            {(control) => (
              <Select
                {...control}
                value={values.clientId}
                disabled={clients.isLoading || clients.isError}
                onChange={(change) => set('clientId', change.target.value)}
              >
                <option value="">{clients.isLoading ? 'Loading clients…' : 'No client'}</option>
                {!knownClient && <option value={values.clientId}>A client no longer in your book</option>}
                {clients.options.map((client) => (
                  <option key={client.client_id} value={client.client_id}>
                    {client.full_name}
                  </option>
                ))}
              </Select>
            )}
          </FormField>

          <label className="flex items-center gap-2.5 text-sm font-medium text-slate-800 sm:col-span-2">
            <input
              type="checkbox"
              className="size-4.5 rounded border-slate-300 accent-brand-2"
              checked={values.allDay}
              onChange={(change) => set('allDay', change.target.checked)}
            />
            All day
          </label>

          <FormField label={values.allDay ? 'First day' : 'Start date'} error={errors.start}>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={values.startDate}
                onChange={(change) =>
                  setValues((current) => withStart(current, { startDate: change.target.value }))
                }
              />
            )}
          </FormField>
          {!values.allDay ? (
            <FormField label="Start time">
              {(control) => (
                <Input
                  {...control}
                  type="time"
                  aria-invalid={errors.start ? true : undefined}
                  value={values.startTime}
                  onChange={(change) =>
                    setValues((current) => withStart(current, { startTime: change.target.value }))
                  }
                />
              )}
            </FormField>
          ) : (
            <div className="hidden sm:block" />
          )}
          <FormField label={values.allDay ? 'Last day' : 'End date'} error={errors.end}>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={values.endDate}
                onChange={(change) => set('endDate', change.target.value)}
              />
            )}
          </FormField>
          {!values.allDay && (
            <FormField label="End time">
              {(control) => (
                <Input
                  {...control}
                  type="time"
                  aria-invalid={errors.end ? true : undefined}
                  value={values.endTime}
                  onChange={(change) => set('endTime', change.target.value)}
                />
              )}
            </FormField>
          )}

          <FormField
            label="Location"
            error={errors.location}
            className="sm:col-span-2"
            labelAside={<CharacterCount length={values.location.trim().length} max={300} from={270} />}
          >
            {(control) => (
              <Input
                {...control}
                placeholder="Address, office or video link"
                value={values.location}
                onChange={(change) => set('location', change.target.value)}
              />
            )}
          </FormField>
          <FormField label="Reminder" error={errors.reminder_minutes}>
            {(control) => (
              <Select
                {...control}
                value={values.reminder}
                onChange={(change) => set('reminder', change.target.value)}
              >
                {REMINDER_CHOICES.map((choice) => (
                  <option key={choice.label} value={choice.minutes === null ? '' : String(choice.minutes)}>
                    {choice.label}
                  </option>
                ))}
                {!REMINDER_CHOICES.some((choice) => String(choice.minutes ?? '') === values.reminder) && (
                  <option value={values.reminder}>{values.reminder} minutes before</option>
                )}
              </Select>
            )}
          </FormField>
          <FormField
            label="Property"
            error={errors.property_id}
            hint={
              properties.isError ? 'Your listings could not be loaded.' : 'Optional. One of your listings.'
            }
          >
            {(control) => (
              <Select
                {...control}
                value={values.propertyId}
                disabled={properties.isLoading || properties.isError}
                onChange={(change) => set('propertyId', change.target.value)}
              >
                <option value="">{properties.isLoading ? 'Loading listings…' : 'No property'}</option>
                {!knownProperty && <option value={values.propertyId}>A listing no longer among yours</option>}
                {properties.options.map((property) => (
                  <option key={property.property_id} value={property.property_id}>
                    {property.title}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField
            label="Deal"
            error={errors.deal_id}
            className="sm:col-span-2"
            hint={
              deals.isError
                ? 'Your deals could not be loaded.'
                : 'Optional. Both agents of the deal see this event on its timeline.'
            }
          >
            {(control) => (
              <Select
                {...control}
                value={values.dealId}
                disabled={deals.isLoading || deals.isError}
                onChange={(change) => set('dealId', change.target.value)}
              >
                <option value="">{deals.isLoading ? 'Loading deals…' : 'No deal'}</option>
                {!knownDeal && (
                  <option value={values.dealId}>
                    {deals.isLoading ? 'Loading deals…' : 'A deal that has ended'}
                  </option>
                )}
                {deals.options.map((deal) => (
                  <option key={deal.deal_id} value={deal.deal_id}>
                    {deal.label}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField
            label="Notes"
            error={errors.notes}
            className="sm:col-span-2"
            labelAside={<CharacterCount length={values.notes.length} max={5000} from={4500} />}
          >
            {(control) => (
              <Textarea
                {...control}
                placeholder="Keys, parking, what the client is looking for…"
                value={values.notes}
                onChange={(change) => set('notes', change.target.value)}
              />
            )}
          </FormField>
          {formError && <Alert className="sm:col-span-2">{formError}</Alert>}
        </form>
      </Modal>

      {event && (
        <Modal
          open={confirmingDelete}
          onOpenChange={(open) => !open && setConfirmingDelete(false)}
          title="Delete this event?"
          description={`“${event.title}” on ${describeEventTime(event)} will be removed from your agenda, with its reminder.`}
          size="sm"
          icon={
            <span className="flex size-11 items-center justify-center rounded-xl bg-red-50 text-red-600 ring-1 ring-red-100">
              <Trash2 className="size-5" aria-hidden="true" />
            </span>
          }
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirmingDelete(false)}>
                Keep event
              </Button>
              <Button variant="danger" loading={deleting.isLoading} onClick={onDelete}>
                Delete event
              </Button>
            </>
          }
        />
      )}
    </>
  );
}
