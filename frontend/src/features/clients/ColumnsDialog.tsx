import clsx from 'clsx';
import { ArrowDown, ArrowUp, RotateCcw } from 'lucide-react';
import type { ColumnPreference } from '#contracts/client-values';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { COLUMN_LABELS } from './clientFormat.ts';

/**
 * Show, hide and reorder the table's columns. Changes apply at once and are saved with the agent's table
 * preferences (widths are dragged on the headers; sorting is a header click).
 */
export function ColumnsDialog({
  open,
  onOpenChange,
  columns,
  onChange,
  onReset,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  columns: ColumnPreference[];
  onChange: (columns: ColumnPreference[]) => void;
  onReset: () => void;
}) {
  const visibleCount = columns.filter((column) => column.visible).length;
  const move = (index: number, by: -1 | 1) => {
    const next = [...columns];
    const [column] = next.splice(index, 1);
    next.splice(index + by, 0, column!);
    onChange(next);
  };
  const toggle = (index: number) =>
    onChange(columns.map((column, at) => (at === index ? { ...column, visible: !column.visible } : column)));

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Table columns"
      description="Choose the columns you see and their order. Your table remembers them."
      footer={
        <>
          <Button variant="ghost" onClick={onReset}>
            <RotateCcw className="size-4" aria-hidden="true" />
            Reset to default
          </Button>
          <Button onClick={() => onOpenChange(false)}>Done</Button>
        </>
      }
    >
      <ul className="-mx-1 max-h-[55dvh] divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200">
        {columns.map((column, index) => {
          const label = COLUMN_LABELS[column.key];
          // the name opens a client, so it always shows
          const locked = column.key === 'full_name' || (column.visible && visibleCount === 1);
          return (
            <li key={column.key} className="flex items-center gap-3 px-3 py-2">
              <label
                className={clsx(
                  'flex min-w-0 flex-1 items-center gap-3 text-sm',
                  locked ? 'text-slate-500' : 'cursor-pointer text-slate-800',
                )}
              >
                <input
                  type="checkbox"
                  checked={column.visible}
                  disabled={locked}
                  onChange={() => toggle(index)}
                  className="size-4 rounded border-slate-300 accent-brand-2"
                />
                <span className="truncate">{label}</span>
              </label>
              <div className="flex gap-0.5">
                <Button
                  variant="ghost"
                  size="sm"
                  className="px-1.5"
                  aria-label={`Move ${label} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUp className="size-4" aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="px-1.5"
                  aria-label={`Move ${label} down`}
                  disabled={index === columns.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDown className="size-4" aria-hidden="true" />
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
