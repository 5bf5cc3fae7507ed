import { CircleAlert, CircleCheck, FileDown, FileUp } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import { useAppDispatch } from '../../app/hooks.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { apiErrorMessage } from '../errors/apiError.ts';
import { useLazyGetFeatureLimitQuery } from '../preferences/api.ts';
import {
  type ClientAgent,
  clientsApi,
  FEATURE_LIMIT_REACHED,
  IMPORTED_TAGS,
  isClientLimitError,
  useImportClientMutation,
} from './api.ts';
import { CSV_COLUMNS, type ImportPlan, type ImportRow, planImport } from './clientCsv.ts';
import { csvDelimiterFor, decodeCsv, toCsv } from './csv.ts';

const PARALLEL_REQUESTS = 4;
const SHOWN_PROBLEMS = 50;

type Step =
  | { name: 'choose'; error?: string }
  | { name: 'review'; fileName: string; plan: ImportPlan; room: number | null }
  | { name: 'importing'; done: number; total: number }
  | { name: 'done'; imported: number; failed: ImportRow[]; skipped: number; limitReached: boolean };

/** A template with every column the import reads and one example row, separated as the reader's spreadsheet expects. */
function templateUrl(): string {
  const header = CSV_COLUMNS.filter((column) => column.field).map((column) => column.header);
  const example = [
    'Ana Lopez',
    'ana.lopez@example.com',
    '+351 912 000 111',
    'Buyer',
    'New',
    '250000',
    '400000',
    'EUR',
    'Alfama; Graça',
    'relocation; vip',
    '',
    'Referral',
    '',
    'Looking for a 2-bedroom with a view.',
    '',
  ];
  return `data:text/csv;charset=utf-8,${encodeURIComponent(toCsv(header, [example], csvDelimiterFor(navigator.language)))}`;
}

/**
 * CSV import: every row checked with the API's own rules before anything is sent, problems shown per row,
 * then the valid rows created — as many as the plan's clients limit still allows.
 */
export function ImportClientsDialog({ agents, onClose }: { agents: ClientAgent[]; onClose: () => void }) {
  const inputId = useId();
  const dispatch = useAppDispatch();
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [checkLimit] = useLazyGetFeatureLimitQuery();
  const [importClient] = useImportClientMutation();
  const busy = step.name === 'importing';

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!/\.csv$/i.test(file.name) && !/csv|text\/plain/.test(file.type)) {
      setStep({ name: 'choose', error: 'Choose a .csv file (spreadsheets can save as CSV).' });
      return;
    }
    let text: string;
    try {
      text = decodeCsv(await file.arrayBuffer());
    } catch {
      setStep({ name: 'choose', error: 'The file could not be read. Choose it again.' });
      return;
    }
    const plan = planImport(text, agents);
    const limit = await checkLimit('clients', false);
    // a 402 (subscription) has opened the paywall through the API layer
    if ((limit.error as { status?: unknown } | undefined)?.status === 402) return onClose();
    const room =
      limit.data && limit.data.maximum !== null ? Math.max(0, limit.data.maximum - limit.data.current) : null;
    setStep({ name: 'review', fileName: file.name, plan, room });
  };

  const runImport = async (rows: ImportRow[], skippedForLimit: number) => {
    let next = 0;
    let done = 0;
    let imported = 0;
    // a 403 Feature limit reached (another device added clients meanwhile) stops the rest
    let stopped = false;
    const failed: ImportRow[] = [];
    setStep({ name: 'importing', done: 0, total: rows.length });
    const worker = async () => {
      while (next < rows.length) {
        const row = rows[next]!;
        next += 1;
        if (stopped) {
          failed.push({ ...row, errors: [FEATURE_LIMIT_REACHED] });
        } else {
          const result = await importClient(row.client!);
          if (!('error' in result)) imported += 1;
          else {
            stopped ||= isClientLimitError(result.error);
            const message = isClientLimitError(result.error)
              ? FEATURE_LIMIT_REACHED
              : apiErrorMessage(result.error, 'The client could not be saved');
            failed.push({ ...row, errors: [message] });
          }
        }
        done += 1;
        setStep({ name: 'importing', done, total: rows.length });
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_REQUESTS, rows.length) }, worker));
    dispatch(clientsApi.util.invalidateTags([...IMPORTED_TAGS]));
    failed.sort((a, b) => a.line - b.line);
    setStep({
      name: 'done',
      imported,
      failed,
      skipped: skippedForLimit,
      limitReached: stopped || skippedForLimit > 0,
    });
  };

  let body: ReactNode;
  let footer: ReactNode;
  if (step.name === 'choose') {
    body = (
      <div className="space-y-4">
        <label
          htmlFor={inputId}
          className="flex cursor-pointer flex-col items-center rounded-xl border-2 border-dashed border-slate-300 bg-slate-50 px-6 py-8 text-center transition-colors hover:border-brand-1 hover:bg-brand-50/40"
        >
          <FileUp className="size-8 text-brand-2" aria-hidden="true" />
          <span className="mt-3 text-sm font-semibold text-slate-900">Choose a CSV file</span>
          <span className="mt-1 text-sm text-slate-600">
            One client per row, with a header row. Only Full name is required.
          </span>
          <span className="mt-1 text-xs text-slate-500">
            Comma- or semicolon-separated, as any spreadsheet saves it.
          </span>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            onChange={onFile}
            aria-label="CSV file"
          />
        </label>
        {step.error && <Alert>{step.error}</Alert>}
        <a
          href={templateUrl()}
          download="clients-template.csv"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-2 hover:underline"
        >
          <FileDown className="size-4" aria-hidden="true" />
          Download a template
        </a>
      </div>
    );
    footer = (
      <Button variant="secondary" onClick={onClose}>
        Cancel
      </Button>
    );
  } else if (step.name === 'review') {
    const { plan, room } = step;
    const importable = room === null ? plan.valid : plan.valid.slice(0, room);
    const overLimit = plan.valid.length - importable.length;
    body = (
      <div className="space-y-4">
        <p className="text-sm text-slate-600">
          <span className="font-medium text-slate-900">{step.fileName}</span>
        </p>
        {plan.fileError ? (
          <Alert>{plan.fileError}</Alert>
        ) : (
          <>
            <div className="grid grid-cols-2 gap-3">
              <Stat
                tone="good"
                value={plan.valid.length}
                label={plan.valid.length === 1 ? 'client ready' : 'clients ready'}
              />
              <Stat
                tone={plan.invalid.length ? 'bad' : 'neutral'}
                value={plan.invalid.length}
                label={plan.invalid.length === 1 ? 'row with problems' : 'rows with problems'}
              />
            </div>
            {overLimit > 0 && (
              <Alert tone="info">
                <p className="font-semibold">{FEATURE_LIMIT_REACHED}</p>
                <p>
                  Your plan has room for {room} more {room === 1 ? 'client' : 'clients'}: the first {room}{' '}
                  valid rows will be imported, {overLimit} will not. Upgrade for unlimited clients.
                </p>
              </Alert>
            )}
            {plan.ignoredHeaders.length > 0 && (
              <p className="text-xs text-slate-500">Columns not imported: {plan.ignoredHeaders.join(', ')}</p>
            )}
            {plan.invalid.length > 0 && (
              <ProblemList rows={plan.invalid} title="These rows will be skipped" />
            )}
          </>
        )}
      </div>
    );
    footer = (
      <>
        <Button variant="secondary" onClick={() => setStep({ name: 'choose' })}>
          Choose another file
        </Button>
        <Button disabled={importable.length === 0} onClick={() => runImport(importable, overLimit)}>
          Import {importable.length} {importable.length === 1 ? 'client' : 'clients'}
        </Button>
      </>
    );
  } else if (step.name === 'importing') {
    const percent = step.total ? Math.round((step.done / step.total) * 100) : 100;
    body = (
      <div className="py-2">
        <p className="text-sm text-slate-700" aria-live="polite">
          Importing {step.done} of {step.total}…
        </p>
        <div
          className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-label="Import progress"
          aria-valuemin={0}
          aria-valuemax={step.total}
          aria-valuenow={step.done}
        >
          <div
            className="h-full rounded-full bg-brand-1 transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
    );
    footer = null;
  } else {
    body = (
      <div className="space-y-4">
        <Alert tone="success">
          Imported {step.imported} {step.imported === 1 ? 'client' : 'clients'}.
        </Alert>
        {step.limitReached && (
          <Alert tone="info">
            <p className="font-semibold">{FEATURE_LIMIT_REACHED}</p>
            <p>
              {step.skipped > 0 ? `${step.skipped} valid rows were left out. ` : ''}Upgrade your plan to add
              more clients.
            </p>
          </Alert>
        )}
        {step.failed.length > 0 && <ProblemList rows={step.failed} title="Not imported" />}
      </div>
    );
    footer = <Button onClick={onClose}>Done</Button>;
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      size="lg"
      title="Import clients"
      description="Bring your client list from a spreadsheet or another CRM."
      hideCloseButton={busy}
      footer={footer}
    >
      {body}
    </Modal>
  );
}

function Stat({ value, label, tone }: { value: number; label: string; tone: 'good' | 'bad' | 'neutral' }) {
  const Icon = tone === 'bad' ? CircleAlert : CircleCheck;
  const colour = tone === 'good' ? 'text-brand-2' : tone === 'bad' ? 'text-red-600' : 'text-slate-400';
  return (
    <div className="flex items-center gap-3 rounded-xl border border-slate-200 px-4 py-3">
      <Icon className={`size-5 ${colour}`} aria-hidden="true" />
      <p className="text-sm text-slate-600">
        <span className="block text-xl font-semibold text-slate-900 tabular-nums">{value}</span>
        {label}
      </p>
    </div>
  );
}

function ProblemList({ rows, title }: { rows: ImportRow[]; title: string }) {
  return (
    <section>
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      <ul className="mt-2 max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200 text-sm">
        {rows.slice(0, SHOWN_PROBLEMS).map((row) => (
          <li key={row.line} className="px-3.5 py-2.5">
            <p className="font-medium text-slate-900">
              Line {row.line}
              {row.name ? ` · ${row.name}` : ''}
            </p>
            <ul className="mt-0.5 text-red-700">
              {row.errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {rows.length > SHOWN_PROBLEMS && (
        <p className="mt-2 text-xs text-slate-500">and {rows.length - SHOWN_PROBLEMS} more rows</p>
      )}
    </section>
  );
}
