import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import clsx from 'clsx';
import {
  Copy,
  Download,
  Eye,
  FolderInput,
  FolderOpen,
  MoreVertical,
  Pencil,
  RotateCcw,
  Share2,
  Trash2,
  Users,
  XCircle,
} from 'lucide-react';
import { type DragEvent, useState } from 'react';
import { formatItemDate, formatSize } from './format.ts';
import { ItemIcon } from './ItemIcon.tsx';
import type { CloudItem, CloudView } from './types.ts';

/** What can be done with one item from its menu. */
export type ItemAction =
  | 'open'
  | 'download'
  | 'rename'
  | 'move'
  | 'duplicate'
  | 'share'
  | 'delete'
  | 'restore'
  | 'deleteForever';

/** The drag payload of items being moved onto a folder. */
export const ITEM_DRAG_TYPE = 'application/x-estatenet-cloud-items';

interface ItemsProps {
  items: CloudItem[];
  view: CloudView;
  mode: 'grid' | 'list';
  ownId: string;
  selected: ReadonlySet<string>;
  onToggle: (item: CloudItem) => void;
  onOpen: (item: CloudItem) => void;
  onAction: (action: ItemAction, item: CloudItem) => void;
  /** items dropped on a folder (drag to move) */
  onDropOnFolder: (ids: string[], folder: CloudItem) => void;
}

const menuContent =
  'z-40 min-w-48 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl shadow-slate-900/10 motion-safe:animate-dialog-in';
const menuItem =
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

function actionsFor(
  item: CloudItem,
  view: CloudView,
  ownId: string,
): Array<[ItemAction, string, typeof Eye]> {
  if (item.metadata.local) return [];
  if (view === 'trash') {
    return [
      ['restore', 'Restore', RotateCcw],
      ['deleteForever', 'Delete forever', XCircle],
    ];
  }
  const own = item.agent_id === ownId;
  const actions: Array<[ItemAction, string, typeof Eye]> = [
    [
      item.is_folder ? 'open' : 'open',
      item.is_folder ? 'Open' : 'Preview',
      item.is_folder ? FolderOpen : Eye,
    ],
    ['download', item.is_folder ? 'Download as zip' : 'Download', Download],
    ['duplicate', own ? 'Make a copy' : 'Copy to my files', Copy],
  ];
  if (own) {
    actions.push(
      ['rename', 'Rename', Pencil],
      ['move', 'Move', FolderInput],
      ['share', 'Share', Share2],
      ['delete', 'Delete', Trash2],
    );
  }
  return actions;
}

export function ItemMenu({
  item,
  view,
  ownId,
  onAction,
}: Pick<ItemsProps, 'view' | 'ownId' | 'onAction'> & { item: CloudItem }) {
  const actions = actionsFor(item, view, ownId);
  if (actions.length === 0) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Actions for ${item.name}`}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 data-[state=open]:bg-slate-100"
        onClick={(event) => event.stopPropagation()}
      >
        <MoreVertical className="size-4.5" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className={menuContent}
          onClick={(event) => event.stopPropagation()}
        >
          {actions.map(([action, label, Icon]) => (
            <DropdownMenu.Item
              key={action}
              className={clsx(
                menuItem,
                (action === 'delete' || action === 'deleteForever') &&
                  'text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800',
              )}
              onSelect={() => onAction(action, item)}
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

const shortDate = (iso: string | undefined) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) : '';

function subtitle(item: CloudItem, view: CloudView): string {
  if (view === 'trash')
    return `Deleted ${formatItemDate(item.deleted_at)} · expires ${shortDate(item.expiry_date)}`;
  return item.is_folder
    ? formatItemDate(item.created_at)
    : `${formatSize(item.size)} · ${formatItemDate(item.created_at)}`;
}

/** Drag handlers of one item: any own item can be dragged; folders take drops. */
function useDrag(item: CloudItem, props: ItemsProps) {
  const [over, setOver] = useState(false);
  const movable = props.view !== 'trash' && item.agent_id === props.ownId && !item.metadata.local;
  const dropTarget = movable && item.is_folder;
  return {
    over,
    handlers: {
      draggable: movable,
      onDragStart: (event: DragEvent) => {
        const ids = props.selected.has(item.id) ? [...props.selected] : [item.id];
        event.dataTransfer.setData(ITEM_DRAG_TYPE, JSON.stringify(ids));
        event.dataTransfer.effectAllowed = 'move';
      },
      ...(dropTarget
        ? {
            onDragOver: (event: DragEvent) => {
              if (!event.dataTransfer.types.includes(ITEM_DRAG_TYPE)) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setOver(true);
            },
            onDragLeave: () => setOver(false),
            onDrop: (event: DragEvent) => {
              setOver(false);
              const raw = event.dataTransfer.getData(ITEM_DRAG_TYPE);
              if (!raw) return;
              event.preventDefault();
              event.stopPropagation();
              const ids = (JSON.parse(raw) as string[]).filter((id) => id !== item.id);
              if (ids.length) props.onDropOnFolder(ids, item);
            },
          }
        : {}),
    },
  };
}

function Thumbnail({ item }: { item: CloudItem }) {
  if (!item.is_folder && item.url && item.mime_type?.startsWith('image/')) {
    return <img src={item.url} alt="" loading="lazy" className="h-full w-full object-cover" />;
  }
  return <ItemIcon item={item} className="size-14" />;
}

function SharedBadge({ item, ownId }: { item: CloudItem; ownId: string }) {
  if (item.metadata.local) {
    return (
      <span className="rounded-full bg-amber-50 px-2 py-0.5 text-[0.6875rem] font-semibold text-amber-800 ring-1 ring-amber-200">
        Local copy
      </span>
    );
  }
  if (item.shared_with.length === 0 && item.agent_id === ownId) return null;
  return (
    <span
      title={item.agent_id === ownId ? `Shared with ${item.shared_with.length}` : 'Shared with you'}
      className="inline-flex items-center gap-1 text-slate-500"
    >
      <Users className="size-3.5" aria-hidden="true" />
      <span className="sr-only">{item.agent_id === ownId ? 'Shared' : 'Shared with you'}</span>
    </span>
  );
}

function GridItem({ item, ...props }: ItemsProps & { item: CloudItem }) {
  const { over, handlers } = useDrag(item, props);
  const selected = props.selected.has(item.id);
  return (
    <li
      aria-label={item.name}
      data-testid="cloud-item"
      {...handlers}
      className={clsx(
        'group relative flex flex-col overflow-hidden rounded-2xl border bg-white shadow-xs transition-[border-color,box-shadow]',
        selected
          ? 'border-brand-2 ring-2 ring-brand-1/30'
          : 'border-slate-200 hover:border-slate-300 hover:shadow-sm',
        over && 'border-brand-2 bg-brand-50 ring-2 ring-brand-1/40',
      )}
    >
      <button
        type="button"
        className="flex h-32 items-center justify-center overflow-hidden bg-slate-50"
        onClick={() => props.onOpen(item)}
        aria-label={`${item.is_folder ? 'Open' : 'Preview'} ${item.name}`}
        disabled={props.view === 'trash' || Boolean(item.metadata.local)}
      >
        <Thumbnail item={item} />
      </button>
      <div className="flex items-start gap-2 p-3">
        <input
          type="checkbox"
          aria-label={`Select ${item.name}`}
          checked={selected}
          onChange={() => props.onToggle(item)}
          className={clsx(
            'mt-0.5 size-4 shrink-0 accent-brand-2',
            !selected && 'sm:opacity-0 sm:group-hover:opacity-100 sm:focus:opacity-100',
          )}
        />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-slate-900" title={item.name}>
            {item.name}
          </p>
          {props.view === 'trash' ? (
            <p className="mt-0.5 text-xs text-slate-500">
              <span className="block truncate">Deleted {formatItemDate(item.deleted_at)}</span>
              <span className="block truncate">Expires {shortDate(item.expiry_date)}</span>
            </p>
          ) : (
            <p className="mt-0.5 flex items-center gap-1.5 truncate text-xs text-slate-500">
              <span className="truncate">{subtitle(item, props.view)}</span>
              <SharedBadge item={item} ownId={props.ownId} />
            </p>
          )}
        </div>
        <ItemMenu item={item} view={props.view} ownId={props.ownId} onAction={props.onAction} />
      </div>
    </li>
  );
}

function ListItem({ item, ...props }: ItemsProps & { item: CloudItem }) {
  const { over, handlers } = useDrag(item, props);
  const selected = props.selected.has(item.id);
  return (
    <li
      aria-label={item.name}
      data-testid="cloud-item"
      {...handlers}
      className={clsx(
        'flex items-center gap-3 px-3 py-2.5 sm:px-4',
        selected ? 'bg-brand-50' : 'hover:bg-slate-50',
        over && 'bg-brand-50 ring-2 ring-brand-1/40 ring-inset',
      )}
    >
      <input
        type="checkbox"
        aria-label={`Select ${item.name}`}
        checked={selected}
        onChange={() => props.onToggle(item)}
        className="size-4 shrink-0 accent-brand-2"
      />
      <button
        type="button"
        className="flex min-w-0 flex-1 items-center gap-3 text-left"
        onClick={() => props.onOpen(item)}
        aria-label={`${item.is_folder ? 'Open' : 'Preview'} ${item.name}`}
        disabled={props.view === 'trash' || Boolean(item.metadata.local)}
      >
        <ItemIcon item={item} className="size-9 shrink-0" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold text-slate-900">{item.name}</span>
          <span className="flex items-center gap-1.5 text-xs text-slate-500 sm:hidden">
            {subtitle(item, props.view)}
          </span>
        </span>
      </button>
      <span className="hidden w-24 shrink-0 text-right text-sm text-slate-600 sm:block">
        {item.is_folder ? '—' : formatSize(item.size)}
      </span>
      <span className="hidden w-56 shrink-0 truncate text-sm text-slate-600 md:block">
        {props.view === 'trash' ? subtitle(item, props.view) : formatItemDate(item.created_at)}
      </span>
      <span className="w-5 shrink-0">
        {props.view !== 'trash' && <SharedBadge item={item} ownId={props.ownId} />}
      </span>
      <ItemMenu item={item} view={props.view} ownId={props.ownId} onAction={props.onAction} />
    </li>
  );
}

/** One group's items as cards (grid) or rows (list). */
export function CloudItems(props: ItemsProps) {
  if (props.mode === 'list') {
    return (
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xs">
        {props.items.map((item) => (
          <ListItem key={item.id} item={item} {...props} />
        ))}
      </ul>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4 2xl:grid-cols-5">
      {props.items.map((item) => (
        <GridItem key={item.id} item={item} {...props} />
      ))}
    </ul>
  );
}
