import clsx from 'clsx';
import { Shapes, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { textLimit } from '../../components/ui/CharacterCount.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import {
  isBuiltIn,
  templatePreview,
  useCreateWebsiteMutation,
  useDeleteTemplateMutation,
  useListTemplatesQuery,
  type WebsiteTemplate,
} from './api.ts';

/**
 * /templates: the built-in website templates and the agent's own (saved from the editor). "Use this
 * template" creates a draft website from it and opens the editor. It must not import the editor's folder.
 */
export function TemplatesPage() {
  const { data, isLoading, isError, refetch } = useListTemplatesQuery();
  const [using, setUsing] = useState<WebsiteTemplate | null>(null);
  const [toDelete, setToDelete] = useState<WebsiteTemplate | null>(null);
  const [deleteTemplate, deleting] = useDeleteTemplateMutation();
  const templates = data?.items ?? [];
  const builtIn = templates.filter(isBuiltIn);
  const mine = templates.filter((template) => !isBuiltIn(template));

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteTemplate(toDelete.id).unwrap();
      showToast('success', 'Template deleted');
    } catch (error) {
      showToast('error', apiErrorMessage(error, 'The template could not be deleted'));
    }
    setToDelete(null);
  }

  return (
    <div className="mx-auto max-w-7xl space-y-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Templates</h1>
        <p className="mt-1 text-sm text-slate-600">
          Start a website from a ready design, or from one you saved from the editor.
        </p>
      </header>
      {isError && (
        <Alert>
          The templates could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => refetch()}>
            Try again
          </button>
        </Alert>
      )}
      {isLoading ? (
        <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-label="Loading templates">
          {[0, 1, 2].map((index) => (
            <li key={index} className="h-72 animate-pulse rounded-2xl bg-slate-100" />
          ))}
        </ul>
      ) : (
        !isError && (
          <>
            <TemplateSection title="Built-in templates" templates={builtIn} onUse={setUsing} />
            <section aria-labelledby="my-templates" className="space-y-3">
              <h2 id="my-templates" className="text-lg font-semibold text-slate-900">
                My templates
              </h2>
              {mine.length === 0 ? (
                <Card>
                  <EmptyState
                    icon={<Shapes />}
                    title="No templates of your own yet"
                    description="In the website editor, choose Save as template to reuse a design."
                  />
                </Card>
              ) : (
                <TemplateGrid templates={mine} onUse={setUsing} onDelete={setToDelete} label="My templates" />
              )}
            </section>
          </>
        )
      )}
      <UseTemplateDialog template={using} onClose={() => setUsing(null)} />
      <Modal
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this template?"
        description={
          toDelete ? `${toDelete.name} is removed. Websites made from it stay as they are.` : undefined
        }
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setToDelete(null)}>
              Cancel
            </Button>
            <Button variant="danger" loading={deleting.isLoading} onClick={() => void confirmDelete()}>
              Delete template
            </Button>
          </>
        }
      />
    </div>
  );
}

function TemplateSection({
  title,
  templates,
  onUse,
}: {
  title: string;
  templates: WebsiteTemplate[];
  onUse: (template: WebsiteTemplate) => void;
}) {
  if (templates.length === 0) return null;
  return (
    <section aria-label={title} className="space-y-3">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <TemplateGrid templates={templates} onUse={onUse} label={title} />
    </section>
  );
}

function TemplateGrid({
  templates,
  onUse,
  onDelete,
  label,
}: {
  templates: WebsiteTemplate[];
  onUse: (template: WebsiteTemplate) => void;
  onDelete?: (template: WebsiteTemplate) => void;
  label: string;
}) {
  return (
    <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-label={label}>
      {templates.map((template) => {
        const image = templatePreview(template);
        return (
          <li key={template.id} aria-label={template.name}>
            <Card className="flex h-full flex-col overflow-hidden">
              <div className="aspect-[16/10] bg-slate-100">
                {image ? (
                  <img
                    src={image}
                    alt={`${template.name} preview`}
                    className="size-full object-cover"
                    loading="lazy"
                  />
                ) : (
                  <div className="flex size-full items-center justify-center text-slate-400">
                    <Shapes className="size-10" aria-hidden="true" />
                  </div>
                )}
              </div>
              <div className="flex flex-1 flex-col p-5">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{template.name}</h3>
                  <span
                    className={clsx(
                      'shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
                      isBuiltIn(template)
                        ? 'bg-brand-50 text-brand-2 ring-brand-100'
                        : 'bg-amber-50 text-amber-800 ring-amber-200',
                    )}
                  >
                    {isBuiltIn(template) ? 'Built-in' : 'Mine'}
                  </span>
                </div>
                {template.description && (
                  <p className="mt-1 text-sm text-slate-600">{template.description}</p>
                )}
                <div className="mt-auto flex gap-2 pt-4">
                  <Button
                    size="sm"
                    onClick={() => onUse(template)}
                    aria-label={`Use this template: ${template.name}`}
                  >
                    Use this template
                  </Button>
                  {onDelete && (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => onDelete(template)}
                      aria-label={`Delete ${template.name}`}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                      Delete
                    </Button>
                  )}
                </div>
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

/** Names the new website, creates it from the template and opens the editor. */
function UseTemplateDialog({ template, onClose }: { template: WebsiteTemplate | null; onClose: () => void }) {
  const navigate = useNavigate();
  const [createWebsite, creating] = useCreateWebsiteMutation();
  const [name, setName] = useState('');
  const nameLimit = textLimit('Website name', name, 100);
  const [error, setError] = useState<string>();

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!template || nameLimit.error) return;
    const siteName = name.trim() || template.name;
    setError(undefined);
    try {
      const site = await createWebsite({
        name: siteName,
        title: siteName,
        template_id: template.id,
      }).unwrap();
      onClose();
      setName('');
      navigate(`${paths.webBuilder}?id=${encodeURIComponent(site.id)}`);
    } catch (failure) {
      setError(apiErrorMessage(failure, 'The website could not be created.'));
    }
  }

  return (
    <Modal
      open={template !== null}
      onOpenChange={(open) => !open && onClose()}
      title={template ? `Use ${template.name}` : 'Use template'}
      description="A new draft website is made from this template; it opens in the editor."
    >
      <form onSubmit={create} className="space-y-4">
        {error && <Alert>{error}</Alert>}
        <FormField label="Website name" error={nameLimit.error} labelAside={nameLimit.counter}>
          {(control) => (
            <Input
              {...control}
              value={name}
              placeholder={template?.name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={creating.isLoading} disabled={Boolean(nameLimit.error)}>
            Create website
          </Button>
        </div>
      </form>
    </Modal>
  );
}
