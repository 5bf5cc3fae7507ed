import { ChevronRight, Folder, Search, UserRound, X } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { textLimit } from '../../components/ui/CharacterCount.tsx';
import { FormField } from '../../components/ui/FormField.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useCloudFilesInfiniteQuery, useSearchAgentsToShareQuery, useShareRecipientQuery } from './api.ts';
import type { CloudItem } from './types.ts';

/** A name for a new folder or a rename. */
export function NameDialog({
  open,
  title,
  action,
  initial = '',
  busy,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  action: string;
  initial?: string;
  busy: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const nameLimit = textLimit('Name', name, 255);
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (open) {
      setName(initial);
      setError(undefined);
    }
  }, [open, initial]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('Enter a name');
    if (/[/\\]/.test(trimmed)) return setError('A name cannot contain / or \\');
    if (nameLimit.error) return setError(nameLimit.error);
    onSubmit(trimmed);
  };
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={title} size="sm">
      <form onSubmit={submit} className="space-y-5">
        <FormField label="Name" error={error} labelAside={nameLimit.counter}>
          {(control) => (
            <Input {...control} value={name} autoFocus onChange={(event) => setName(event.target.value)} />
          )}
        </FormField>
        <div className="flex justify-end gap-2.5">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {action}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Picks a target folder by browsing the caller's folders; the items being moved cannot be entered. */
export function MoveDialog({
  items,
  busy,
  onMove,
  onClose,
}: {
  items: CloudItem[];
  busy: boolean;
  onMove: (folderId: string | null) => void;
  onClose: () => void;
}) {
  const [path, setPath] = useState<Array<{ id: string; name: string }>>([]);
  const current = path.at(-1)?.id ?? null;
  const listing = useCloudFilesInfiniteQuery(
    { view: 'folder', folderId: current },
    { skip: items.length === 0 },
  );
  const moving = new Set(items.map((item) => item.id));
  const folders = (listing.data?.pages.flatMap((page) => page.items) ?? []).filter(
    (item) => item.is_folder && !moving.has(item.id),
  );
  useEffect(() => {
    if (items.length > 0) setPath([]);
  }, [items]);
  return (
    <Modal
      open={items.length > 0}
      onOpenChange={(open) => !open && onClose()}
      title={items.length === 1 ? `Move “${items[0]!.name}”` : `Move ${items.length} items`}
      description="Choose the folder to move to."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => onMove(current)}>
            Move here
          </Button>
        </>
      }
    >
      <nav aria-label="Move to" className="mb-3 flex flex-wrap items-center gap-1 text-sm">
        <button
          type="button"
          className="rounded-md px-1.5 py-0.5 font-semibold text-brand-2 hover:bg-brand-50"
          onClick={() => setPath([])}
        >
          My files
        </button>
        {path.map((crumb, index) => (
          <span key={crumb.id} className="flex items-center gap-1">
            <ChevronRight className="size-3.5 text-slate-400" aria-hidden="true" />
            <button
              type="button"
              className="rounded-md px-1.5 py-0.5 font-semibold text-brand-2 hover:bg-brand-50"
              onClick={() => setPath(path.slice(0, index + 1))}
            >
              {crumb.name}
            </button>
          </span>
        ))}
      </nav>
      <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200">
        {listing.isLoading && (
          <li className="flex justify-center p-6">
            <Spinner className="size-5 text-brand-2" label="Loading folders" />
          </li>
        )}
        {!listing.isLoading && folders.length === 0 && (
          <li className="p-4 text-sm text-slate-500">No folders here.</li>
        )}
        {folders.map((folder) => (
          <li key={folder.id}>
            <button
              type="button"
              className="flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm font-medium text-slate-800 hover:bg-slate-50"
              onClick={() => setPath([...path, { id: folder.id, name: folder.name }])}
            >
              <Folder className="size-4.5 text-brand-2" aria-hidden="true" />
              <span className="flex-1 truncate">{folder.name}</span>
              <ChevronRight className="size-4 text-slate-400" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

/** Shares an item with other agents, found by name in the agents directory (or by agent id). */
export function ShareDialog({
  item,
  busy,
  ownId,
  onSave,
  onClose,
}: {
  item: CloudItem | null;
  busy: boolean;
  ownId: string;
  onSave: (agentIds: string[]) => void;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Array<{ agent_id: string; full_name: string }>>([]);
  const agents = useSearchAgentsToShareQuery(search.trim(), { skip: !item });
  useEffect(() => {
    if (item) {
      setChosen(item.shared_with.map((entry) => ({ agent_id: entry.agent_id, full_name: entry.agent_id })));
      setSearch('');
    }
  }, [item]);
  const chosenIds = new Set(chosen.map((agent) => agent.agent_id));
  const results = (agents.data?.items ?? []).filter(
    (agent) => agent.agent_id !== ownId && !chosenIds.has(agent.agent_id),
  );
  return (
    <Modal
      open={Boolean(item)}
      onOpenChange={(open) => !open && onClose()}
      title={item ? `Share “${item.name}”` : ''}
      description="Agents you share with can open, download and copy it. Only you can change it."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => onSave(chosen.map((agent) => agent.agent_id))}>
            Save sharing
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <Input
          aria-label="Find an agent"
          placeholder="Search agents by name"
          leading={<Search className="size-4" />}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <ul
          aria-label="Agents"
          className="max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200"
        >
          {agents.isFetching && results.length === 0 && (
            <li className="flex justify-center p-4">
              <Spinner className="size-5 text-brand-2" label="Searching agents" />
            </li>
          )}
          {!agents.isFetching && results.length === 0 && (
            <li className="p-3 text-sm text-slate-500">No agents found.</li>
          )}
          {results.map((agent) => (
            <li key={agent.agent_id} className="flex items-center gap-3 px-3 py-2">
              <UserRound className="size-4.5 text-slate-400" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-800">{agent.full_name}</span>
                {agent.city && <span className="block text-xs text-slate-500">{agent.city}</span>}
              </span>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Add ${agent.full_name}`}
                onClick={() => setChosen([...chosen, agent])}
              >
                Add
              </Button>
            </li>
          ))}
        </ul>
        <div>
          <p className="text-sm font-semibold text-slate-800">Shared with</p>
          {chosen.length === 0 ? (
            <p className="mt-1 text-sm text-slate-500">Not shared with anyone.</p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-2">
              {chosen.map((agent) => (
                <li
                  key={agent.agent_id}
                  className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm font-medium text-brand-800 ring-1 ring-brand-100"
                >
                  <AgentName id={agent.agent_id} fallback={agent.full_name} />
                  <button
                    type="button"
                    aria-label={`Stop sharing with ${agent.full_name === agent.agent_id ? 'this agent' : agent.full_name}`}
                    className="inline-flex size-6 items-center justify-center rounded-full hover:bg-brand-100"
                    onClick={() => setChosen(chosen.filter((other) => other.agent_id !== agent.agent_id))}
                  >
                    <X className="size-3.5" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Modal>
  );
}

/** A yes/no question before something that cannot be undone. */
export function ConfirmDialog({
  open,
  title,
  description,
  action,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  action: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      description={description}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={busy} onClick={onConfirm}>
            {action}
          </Button>
        </>
      }
    />
  );
}

/** An agent's name by id (the sharing list stores ids only). */
function AgentName({ id, fallback }: { id: string; fallback: string }) {
  const agent = useShareRecipientQuery(id);
  return <>{agent.data?.full_name ?? (fallback === id ? 'Agent' : fallback)}</>;
}
