import type { Editor } from 'grapesjs';
import { useState } from 'react';
import { THEME_DEFAULTS } from '#contracts/schemas/websites';
import { Button } from '../../components/ui/Button.tsx';
import { textLimit } from '../../components/ui/CharacterCount.tsx';
import { cleanSeo, themeOf } from './content.ts';
import { panelHeading } from './panels.tsx';
import type { SeoFields, ThemeSettings } from './types.ts';

const field = 'w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';

const COLOURS: { key: keyof Omit<ThemeSettings, 'font'>; label: string }[] = [
  { key: 'primary', label: 'Primary colour' },
  { key: 'secondary', label: 'Secondary colour' },
  { key: 'text', label: 'Text colour' },
  { key: 'background', label: 'Background colour' },
];

/** Fonts every visitor's device has (and Inter, which the published pages and the canvas load). */
export const FONTS = [
  THEME_DEFAULTS.font,
  'Georgia, serif',
  'system-ui, sans-serif',
  'Arial, Helvetica, sans-serif',
  '"Times New Roman", serif',
  'Verdana, Geneva, sans-serif',
  '"Trebuchet MS", sans-serif',
];

/** Theme colours and font (spec §9 defaults), saved in settings.theme. */
export function ThemePanel({
  settings,
  onChange,
}: {
  settings: Record<string, unknown>;
  onChange: (settings: Record<string, unknown>) => void;
}) {
  const theme = themeOf(settings);
  const set = (changes: Partial<ThemeSettings>) => onChange({ ...settings, theme: { ...theme, ...changes } });
  return (
    <div className="space-y-3">
      <h2 className={panelHeading}>Theme</h2>
      {COLOURS.map(({ key, label }) => (
        <div key={key} className="flex items-center justify-between gap-2">
          <label htmlFor={`theme-${key}`} className="text-sm text-slate-700">
            {label}
          </label>
          <span className="flex items-center gap-1.5">
            <code className="text-xs text-slate-500">{theme[key]}</code>
            <input
              id={`theme-${key}`}
              type="color"
              value={theme[key]}
              onChange={(event) => set({ [key]: event.target.value })}
              className="h-8 w-10 cursor-pointer rounded border border-slate-300"
            />
          </span>
        </div>
      ))}
      <label className="block text-sm text-slate-700">
        Font
        <select className={field} value={theme.font} onChange={(event) => set({ font: event.target.value })}>
          {FONTS.map((font) => (
            <option key={font} value={font}>
              {font.split(',')[0]!.replaceAll('"', '')}
            </option>
          ))}
        </select>
      </label>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onChange({ ...settings, theme: { ...THEME_DEFAULTS } })}
      >
        Reset to defaults
      </Button>
    </div>
  );
}

/** The SEO fields; `max` is the API's limit (contracts/schemas/websites), shown before it bites. */
const SEO_FIELDS: { key: keyof SeoFields; label: string; long?: boolean; max?: number }[] = [
  { key: 'title', label: 'SEO title', max: 200 },
  { key: 'description', label: 'Description', long: true, max: 1000 },
  { key: 'keywords', label: 'Keywords', max: 1000 },
  { key: 'ogImage', label: 'Social image URL' },
  { key: 'favicon', label: 'Favicon URL' },
  { key: 'robots', label: 'Robots' },
];

/** SEO for the whole site (settings.globalSEO) and per page (settings.pageSEO[pageId]), and the site title. */
export function SeoPanel({
  editor,
  settings,
  onChange,
  pageOrder,
  title,
  onTitleChange,
}: {
  editor: Editor;
  settings: Record<string, unknown>;
  onChange: (settings: Record<string, unknown>) => void;
  pageOrder: string[];
  title: string;
  onTitleChange: (title: string) => void;
}) {
  const [scope, setScope] = useState<string>('global');
  const titleLimit = textLimit('Site title', title, 200);
  const globalSEO = (settings.globalSEO ?? {}) as SeoFields;
  const pageSEO = (settings.pageSEO ?? {}) as Record<string, SeoFields>;
  const values = scope === 'global' ? globalSEO : (pageSEO[scope] ?? {});

  function set(key: keyof SeoFields, value: string) {
    const next = cleanSeo({ ...values, [key]: value });
    // keep what is being typed (spaces included) while the saved copy drops empty fields
    const typed = { ...next, [key]: value };
    onChange(
      scope === 'global'
        ? { ...settings, globalSEO: typed }
        : { ...settings, pageSEO: { ...pageSEO, [scope]: typed } },
    );
  }

  return (
    <div className="space-y-3">
      <h2 className={panelHeading}>SEO</h2>
      <label className="block text-sm text-slate-700">
        <span className="flex items-baseline justify-between gap-2">Site title {titleLimit.counter}</span>
        <input
          className={field}
          value={title}
          aria-invalid={titleLimit.error ? true : undefined}
          onChange={(event) => onTitleChange(event.target.value)}
        />
        <LimitError message={titleLimit.error} />
      </label>
      <label className="block text-sm text-slate-700">
        Applies to
        <select className={field} value={scope} onChange={(event) => setScope(event.target.value)}>
          <option value="global">Whole site</option>
          {pageOrder.map((id, index) => (
            <option key={id} value={id}>
              Page: {editor.Pages.get(id)?.getName() || `Page ${index + 1}`}
            </option>
          ))}
        </select>
      </label>
      {SEO_FIELDS.map(({ key, label, long, max }) => {
        const limit = max ? textLimit(label, values[key] ?? '', max) : undefined;
        return (
          <div key={key} className="text-sm text-slate-700">
            <span className="flex items-baseline justify-between gap-2">
              <label htmlFor={`seo-${key}`}>{label}</label>
              {limit?.counter}
            </span>
            {long ? (
              <textarea
                id={`seo-${key}`}
                className={field}
                rows={3}
                value={values[key] ?? ''}
                onChange={(event) => set(key, event.target.value)}
              />
            ) : (
              <input
                id={`seo-${key}`}
                className={field}
                value={values[key] ?? ''}
                placeholder={key === 'robots' ? 'index, follow' : undefined}
                onChange={(event) => set(key, event.target.value)}
              />
            )}
            <LimitError message={limit?.error} />
          </div>
        );
      })}
      <p className="text-xs text-slate-500">Page values take precedence over the whole site's.</p>
    </div>
  );
}

/** A field past its limit, said under it: the API refuses to save the website until it fits. */
function LimitError({ message }: { message: string | undefined }) {
  return message ? <p className="mt-1 text-xs font-medium text-red-600">{message}</p> : null;
}
