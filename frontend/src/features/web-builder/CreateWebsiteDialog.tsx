import clsx from 'clsx';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { textLimit } from '../../components/ui/CharacterCount.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import {
  isBuiltIn,
  templatePreview,
  useCreateWebsiteMutation,
  useListTemplatesQuery,
} from '../templates/api.ts';

const BLANK = '';

/** New website: a name, and blank or one of the templates. Opens the editor on the new draft. */
export function CreateWebsiteDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const templates = useListTemplatesQuery(undefined, { skip: !open });
  const [createWebsite, creating] = useCreateWebsiteMutation();
  const [name, setName] = useState('');
  const [templateId, setTemplateId] = useState(BLANK);
  const [error, setError] = useState<string>();
  const [nameError, setNameError] = useState<string>();
  const nameLimit = textLimit('Website name', name, 100);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Name is required');
      return;
    }
    if (nameLimit.error) return;
    setError(undefined);
    try {
      const site = await createWebsite({
        name: name.trim(),
        title: name.trim(),
        ...(templateId ? { template_id: templateId } : {}),
      }).unwrap();
      onOpenChange(false);
      setName('');
      setTemplateId(BLANK);
      navigate(`${paths.webBuilder}?id=${encodeURIComponent(site.id)}`);
    } catch (failure) {
      setError(apiErrorMessage(failure, 'The website could not be created.'));
    }
  }

  const choices = [
    {
      id: BLANK,
      name: 'Blank',
      description: 'An empty page to build on',
      image: undefined as string | undefined,
    },
    ...(templates.data?.items ?? []).map((template) => ({
      id: template.id,
      name: template.name,
      description: template.description ?? (isBuiltIn(template) ? 'Built-in template' : 'My template'),
      image: templatePreview(template),
    })),
  ];

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="New website" size="lg">
      <form onSubmit={submit} className="space-y-5" noValidate>
        {error && <Alert>{error}</Alert>}
        <FormField label="Website name" error={nameError ?? nameLimit.error} labelAside={nameLimit.counter}>
          {(control) => (
            <Input
              {...control}
              value={name}
              placeholder="e.g. Haddad Realty"
              onChange={(event) => {
                setName(event.target.value);
                setNameError(undefined);
              }}
            />
          )}
        </FormField>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">Start from</legend>
          {templates.isError && (
            <p className="mb-2 text-sm text-slate-600">
              The templates could not be loaded; you can start blank.
            </p>
          )}
          <div
            className="grid grid-cols-1 max-h-72 gap-2 overflow-y-auto sm:grid-cols-2"
            role="radiogroup"
            aria-label="Start from"
          >
            {choices.map((choice) => (
              <label
                key={choice.id || 'blank'}
                className={clsx(
                  'flex cursor-pointer items-center gap-3 rounded-xl border p-2.5 text-sm',
                  templateId === choice.id ? 'border-brand-2 ring-2 ring-brand-1/20' : 'border-slate-200',
                )}
              >
                <input
                  type="radio"
                  name="template"
                  className="sr-only"
                  checked={templateId === choice.id}
                  onChange={() => setTemplateId(choice.id)}
                  aria-label={choice.name}
                />
                <span className="flex h-12 w-16 shrink-0 items-center justify-center overflow-hidden rounded-md bg-slate-100 text-xs text-slate-500">
                  {choice.image ? (
                    <img src={choice.image} alt="" className="size-full object-cover" />
                  ) : (
                    'Blank'
                  )}
                </span>
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{choice.name}</span>
                  <span className="block truncate text-xs text-slate-500">{choice.description}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col-reverse gap-2.5 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={creating.isLoading}>
            Create website
          </Button>
        </div>
      </form>
    </Modal>
  );
}
