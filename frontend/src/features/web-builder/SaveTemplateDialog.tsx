import { type FormEvent, useState } from 'react';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { textLimit } from '../../components/ui/CharacterCount.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import { useCreateTemplateMutation } from '../templates/api.ts';
import type { Website } from './types.ts';

/** "Save as template": the website (saved first when it has changes) becomes one of my templates. */
export function SaveTemplateDialog({
  open,
  onOpenChange,
  website,
  beforeSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  website: Website;
  beforeSave?: (() => Promise<unknown>) | undefined;
}) {
  const [createTemplate, creating] = useCreateTemplateMutation();
  const [name, setName] = useState(website.name);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    if (nameLimit.error ?? descriptionLimit.error) return;
    if (beforeSave && !(await beforeSave())) return;
    try {
      await createTemplate({
        website_id: website.id,
        name: name.trim(),
        ...(description.trim() ? { description: description.trim() } : {}),
      }).unwrap();
      showToast('success', 'Template saved');
      onOpenChange(false);
    } catch (failure) {
      setError(apiErrorMessage(failure, 'The template could not be saved.'));
    }
  }

  const nameLimit = textLimit('Template name', name, 100);
  const descriptionLimit = textLimit('Description', description, 500);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Save as template">
      <form onSubmit={submit} className="space-y-4">
        {error && <Alert>{error}</Alert>}
        <FormField label="Template name" error={nameLimit.error} labelAside={nameLimit.counter}>
          {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} />}
        </FormField>
        <FormField label="Description" error={descriptionLimit.error} labelAside={descriptionLimit.counter}>
          {(control) => (
            <Input
              {...control}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          )}
        </FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={creating.isLoading}
            disabled={!name.trim() || Boolean(nameLimit.error ?? descriptionLimit.error)}
          >
            Save template
          </Button>
        </div>
      </form>
    </Modal>
  );
}
