import clsx from 'clsx';
import { Palette, Sparkles } from 'lucide-react';
import { type CSSProperties, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { planFor } from '#contracts/plans';
import { DEFAULT_BRAND_COLORS } from '#contracts/values';
import { paths } from '../../app/paths.ts';
import { showToast } from '../../components/toasts/toast.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import type { Agent } from '../agents/types.ts';
import { apiErrorMessage } from '../errors/apiError.ts';
import { useGetBrandColorsQuery } from '../preferences/api.ts';
import { useSaveBrandColorsMutation } from './api.ts';
import { SettingsSection } from './SettingsSection.tsx';

export const BRANDING_NOT_AVAILABLE = 'Branding is not available on your plan.';
const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * The brand variables the UI kit's colours are made from (styles.css), set on the preview box only: the
 * rest of the app keeps its colours until they are saved.
 */
export const previewStyle = (color1: string, color2: string) =>
  ({ '--brand-1': color1, '--brand-2': color2 }) as CSSProperties;

/**
 * The two brand colours (spec §3: defaults #1ab684, #157f58) with a live preview. Plan-gated: a plan
 * without branding, or a 403 from the save, says branding is not available, with an upgrade link.
 */
export function BrandColorsSection({ agent }: { agent: Agent }) {
  const ownerId = agent.agency_id ?? agent.agent_id;
  const saved = useGetBrandColorsQuery(ownerId);
  // spec §6/§8: a 403 on branding means branding is not available
  const [forbidden, setForbidden] = useState(false);
  const notAvailable = !planFor(agent.role).branding || forbidden;

  return (
    <SettingsSection
      icon={Palette}
      title="Brand colours"
      description="Two colours that brand the app for you and your agency: the sidebar, buttons and highlights."
    >
      {notAvailable ? (
        <Alert tone="info">
          <p className="font-semibold">{BRANDING_NOT_AVAILABLE}</p>
          <p className="mt-1">
            Custom branding comes with the Solo Agent, Agency and Agency Plus plans.{' '}
            <Link to={`${paths.upgrade}?reason=feature`} className="font-semibold text-brand-800 underline">
              Upgrade your plan
            </Link>
          </p>
        </Alert>
      ) : saved.isLoading ? (
        <div className="flex justify-center py-6 text-brand-2">
          <Spinner className="size-6" label="Loading your brand colours" />
        </div>
      ) : (
        <>
          {saved.isError && (
            <Alert className="mb-4">We couldn't load your saved colours; the defaults are shown.</Alert>
          )}
          <BrandColorsEditor
            ownerId={ownerId}
            initial={saved.data ?? { agencyId: ownerId, ...DEFAULT_BRAND_COLORS }}
            agencyMember={Boolean(agent.agency_id) && agent.user_type === 'agent'}
            onForbidden={() => setForbidden(true)}
          />
        </>
      )}
    </SettingsSection>
  );
}

/** The two pickers, started from the saved colours (mounted once they are known) and the preview. */
function BrandColorsEditor({
  ownerId,
  initial,
  agencyMember,
  onForbidden,
}: {
  ownerId: string;
  initial: { color1: string; color2: string };
  agencyMember: boolean;
  onForbidden: () => void;
}) {
  const [save, saving] = useSaveBrandColorsMutation();
  const [color1, setColor1] = useState(initial.color1);
  const [color2, setColor2] = useState(initial.color2);
  const [savedColors, setSavedColors] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  // a hex code being typed that is not a colour: nothing is saved until it is one (or the picker is used)
  const [invalid, setInvalid] = useState({ color1: false, color2: false });
  // stable: each field reports its validity from an effect
  const color1Validity = useCallback((valid: boolean) => setInvalid(withValidity('color1', valid)), []);
  const color2Validity = useCallback((valid: boolean) => setInvalid(withValidity('color2', valid)), []);
  const unchanged =
    savedColors.color1.toLowerCase() === color1.toLowerCase() &&
    savedColors.color2.toLowerCase() === color2.toLowerCase();

  const submit = async () => {
    setError(null);
    const result = await save({ agencyId: ownerId, color1, color2 });
    if (result.error) {
      const status = (result.error as { status?: unknown }).status;
      if (status === 403) onForbidden();
      // a 402 opens the paywall by itself
      else if (status !== 402)
        setError(apiErrorMessage(result.error, "The colours weren't saved. Try again."));
      return;
    }
    setSavedColors(result.data);
    showToast('success', 'Brand colours saved');
  };

  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="space-y-4">
        {agencyMember && <Alert tone="info">Your agency's admin chooses its brand colours.</Alert>}
        <ColorField
          label="Primary colour"
          value={color1}
          onChange={setColor1}
          onValidChange={color1Validity}
          disabled={agencyMember}
        />
        <ColorField
          label="Secondary colour"
          value={color2}
          onChange={setColor2}
          onValidChange={color2Validity}
          disabled={agencyMember}
        />
        {error && <Alert>{error}</Alert>}
        {!agencyMember && (
          <div className="flex flex-wrap gap-3">
            <Button
              onClick={submit}
              loading={saving.isLoading}
              disabled={unchanged || invalid.color1 || invalid.color2}
            >
              Save colours
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setColor1(DEFAULT_BRAND_COLORS.color1);
                setColor2(DEFAULT_BRAND_COLORS.color2);
              }}
            >
              Use the defaults
            </Button>
          </div>
        )}
      </div>
      <BrandPreview color1={color1} color2={color2} />
    </div>
  );
}

/** The invalid-field record with one field's validity (the same object when nothing changes). */
const withValidity =
  (field: 'color1' | 'color2', valid: boolean) => (fields: Record<'color1' | 'color2', boolean>) =>
    fields[field] === !valid ? fields : { ...fields, [field]: !valid };

export const HEX_CODE_MESSAGE = 'Enter a colour as # and six hex digits, like #1AB684';

function ColorField({
  label,
  value,
  onChange,
  onValidChange,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onValidChange: (valid: boolean) => void;
  disabled: boolean;
}) {
  const [text, setText] = useState(value);
  useEffect(() => {
    setText(value);
  }, [value]);
  const valid = HEX.test(text);
  useEffect(() => onValidChange(valid), [valid, onValidChange]);
  const id = label.toLowerCase().replace(/\s+/g, '-');
  const errorId = `${id}-error`;
  return (
    <div className="flex items-center gap-3">
      <input
        id={id}
        type="color"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className="size-11 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 disabled:cursor-not-allowed"
      />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <input
          aria-label={`${label} hex code`}
          value={text}
          disabled={disabled}
          maxLength={7}
          spellCheck={false}
          aria-invalid={!valid}
          aria-describedby={valid ? undefined : errorId}
          onChange={(event) => {
            setText(event.target.value);
            if (HEX.test(event.target.value)) onChange(event.target.value.toLowerCase());
          }}
          className={clsx(
            'mt-1 h-8 w-28 rounded-md border px-2 font-mono text-sm text-slate-700 uppercase focus:border-brand-2 focus:outline-none disabled:bg-slate-100',
            valid ? 'border-slate-300' : 'border-red-400',
          )}
        />
        {!valid && (
          <p id={errorId} className="mt-1 text-xs text-red-700">
            {HEX_CODE_MESSAGE}
          </p>
        )}
      </div>
    </div>
  );
}

/** A small sample of the app in the chosen colours: the plan badge, a menu item, Upgrade Now, a button. */
function BrandPreview({ color1, color2 }: { color1: string; color2: string }) {
  return (
    <figure
      aria-label="Preview"
      data-testid="brand-preview"
      style={previewStyle(color1, color2)}
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <figcaption className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Preview
      </figcaption>
      <div className="mt-3 space-y-2 rounded-lg bg-white p-3 ring-1 ring-slate-200">
        <span className="inline-flex rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-2 ring-1 ring-brand-100">
          Solo Agent
        </span>
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">Properties</p>
        <p className="flex items-center gap-2 rounded-lg bg-gradient-to-r from-brand-1 to-brand-2 px-3 py-2 text-sm font-medium text-white">
          <Sparkles className="size-4" aria-hidden="true" />
          Upgrade Now
        </p>
        <span className="inline-flex h-9 items-center rounded-lg bg-brand-2 px-4 text-sm font-semibold text-white">
          Add Property
        </span>
      </div>
    </figure>
  );
}
