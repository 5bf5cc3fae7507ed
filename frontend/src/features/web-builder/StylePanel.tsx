import clsx from 'clsx';
import type { Component, Editor, Property, PropertyNumber, StyleManagerConfig } from 'grapesjs';
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  ChevronDown,
  ImageIcon,
  MousePointerClick,
  RotateCcw,
  X,
} from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { AssetPicker } from './AssetPicker.tsx';
import { FONTS } from './settingsPanels.tsx';
import type { ThemeSettings } from './types.ts';

/**
 * The style of the selected element, through GrapesJS's Style Manager: the sectors and properties below are
 * its configuration (`styleManager.sectors`, with `custom: true` so GrapesJS draws nothing), and this panel
 * draws them with the app's own controls. A value goes through the property (`upValue`), so the Style
 * Manager writes it where it belongs — the element's own rule, in the current device's media query — and
 * the undo manager records it.
 */

const LENGTH_UNITS = ['px', 'rem', 'em', '%'];

const length = (property: string, label: string, units = LENGTH_UNITS) => ({
  property,
  label,
  type: 'number',
  units,
  unit: 'px',
  default: '0',
  min: 0,
});

export const STYLE_SECTORS: NonNullable<StyleManagerConfig['sectors']> = [
  {
    id: 'text',
    name: 'Text',
    open: true,
    properties: [
      'font-family',
      'font-size',
      'font-weight',
      'color',
      'text-align',
      'line-height',
      'letter-spacing',
    ],
  },
  {
    id: 'background',
    name: 'Background',
    open: true,
    properties: [
      'background-color',
      'background-image',
      {
        property: 'background-size',
        type: 'select',
        default: 'auto',
        options: [
          { id: 'cover', label: 'Fill' },
          { id: 'contain', label: 'Fit' },
          { id: 'auto', label: 'Original size' },
        ],
      },
    ],
  },
  {
    id: 'spacing',
    name: 'Spacing',
    open: true,
    properties: [
      length('margin-top', 'Top'),
      length('margin-right', 'Right'),
      length('margin-bottom', 'Bottom'),
      length('margin-left', 'Left'),
      length('padding-top', 'Top'),
      length('padding-right', 'Right'),
      length('padding-bottom', 'Bottom'),
      length('padding-left', 'Left'),
    ],
  },
  {
    id: 'border',
    name: 'Border',
    open: true,
    properties: [
      length('border-width', 'Width', ['px', 'rem', 'em']),
      'border-style',
      'border-color',
      length('border-radius', 'Corners', ['px', '%', 'rem']),
    ],
  },
];

const WEIGHTS = [
  { id: '300', label: 'Light' },
  { id: '400', label: 'Regular' },
  { id: '500', label: 'Medium' },
  { id: '600', label: 'Semibold' },
  { id: '700', label: 'Bold' },
  { id: '800', label: 'Extra bold' },
];

const ALIGNMENTS = [
  { id: 'left', label: 'Align left', icon: AlignLeft },
  { id: 'center', label: 'Align center', icon: AlignCenter },
  { id: 'right', label: 'Align right', icon: AlignRight },
  { id: 'justify', label: 'Justify', icon: AlignJustify },
] as const;

const BORDER_STYLES = [
  { id: 'none', label: 'None' },
  { id: 'solid', label: 'Solid' },
  { id: 'dashed', label: 'Dashed' },
  { id: 'dotted', label: 'Dotted' },
  { id: 'double', label: 'Double' },
];

export interface Swatch {
  label: string;
  /** what the style gets: a theme variable, so the element follows later theme changes */
  value: string;
  /** what the swatch shows */
  colour: string;
}

/** The colours offered: the site's theme (as its CSS variables) and the agency's brand palette. */
export function paletteOf(
  theme: ThemeSettings,
  brand: readonly string[],
): { group: string; swatches: Swatch[] }[] {
  const themed: Swatch[] = [
    { label: 'Theme primary', value: 'var(--primary)', colour: theme.primary },
    { label: 'Theme secondary', value: 'var(--secondary)', colour: theme.secondary },
    { label: 'Theme text', value: 'var(--text)', colour: theme.text },
    { label: 'Theme background', value: 'var(--background)', colour: theme.background },
  ];
  const basics: Swatch[] = [
    { label: 'White', value: '#ffffff', colour: '#ffffff' },
    { label: 'Black', value: '#000000', colour: '#000000' },
  ];
  const brandSwatches = brand
    .filter((colour) => /^#[0-9a-f]{6}$/i.test(colour))
    .map((colour, index) => ({ label: `Brand colour ${index + 1}`, value: colour, colour }));
  return [
    { group: 'Theme', swatches: themed },
    { group: 'Brand', swatches: [...brandSwatches, ...basics] },
  ];
}

/** The agency's brand colours as the app shows them (the shell puts them on --brand-1/--brand-2). */
function brandColours(): string[] {
  const root = getComputedStyle(document.documentElement);
  return ['--brand-1', '--brand-2'].map((name) => root.getPropertyValue(name).trim()).filter(Boolean);
}

/** Re-renders on the Style Manager's and the editor's changes. */
function useStyleTarget(editor: Editor) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const update = () => setTick((value) => value + 1);
    const events =
      'style:custom style:target style:property:update component:toggled component:styleUpdate device:select undo redo';
    editor.on(events, update);
    return () => {
      editor.off(events, update);
    };
  }, [editor]);
}

/** The canvas's computed value of a CSS property of the selected element (what it looks like now). */
function computed(component: Component | undefined, property: string): string {
  const el = component?.getEl();
  const view = el?.ownerDocument.defaultView;
  if (!el || !view) return '';
  return view.getComputedStyle(el).getPropertyValue(property);
}

const rgbToHex = (value: string): string | undefined => {
  if (/^#[0-9a-f]{6}$/i.test(value)) return value.toLowerCase();
  const match = value.match(/^rgba?\((\d+),\s*(\d+),\s*(\d+)/);
  if (!match) return undefined;
  return `#${match
    .slice(1, 4)
    .map((part) => Number(part).toString(16).padStart(2, '0'))
    .join('')}`;
};

/** Whether the selected element's own rule sets the property (not a class or a parent rule). */
const own = (property: Property) => property.hasValue({ noParent: true });

const fieldClass =
  'h-8 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 transition focus:border-brand-2 focus:ring-2 focus:ring-brand-100 focus:outline-none';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details open className="group border-b border-slate-200 last:border-b-0">
      <summary className="flex cursor-pointer list-none items-center justify-between px-3 py-2.5 text-xs font-semibold tracking-wide text-slate-600 uppercase select-none hover:text-slate-900 [&::-webkit-details-marker]:hidden">
        {title}
        <ChevronDown className="size-3.5 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <div className="space-y-3 px-3 pb-4">{children}</div>
    </details>
  );
}

function Row({
  label,
  htmlFor,
  set,
  onClear,
  children,
}: {
  label: string;
  htmlFor?: string;
  set?: boolean;
  onClear?: () => void;
  children: ReactNode;
}) {
  return (
    <div className="grid grid-cols-[5rem_1fr] items-center gap-2">
      <span className="flex items-center gap-1">
        <label
          htmlFor={htmlFor}
          className={clsx('text-xs', set ? 'font-semibold text-slate-900' : 'text-slate-600')}
        >
          {label}
        </label>
        {set && onClear && (
          <button
            type="button"
            onClick={onClear}
            aria-label={`Reset ${label.toLowerCase()}`}
            title="Reset"
            className="rounded p-0.5 text-slate-400 hover:bg-slate-200 hover:text-slate-700"
          >
            <RotateCcw className="size-3" aria-hidden="true" />
          </button>
        )}
      </span>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/** A number with its unit; empty means "not set here" (the computed value shows as the placeholder). */
function LengthInput({
  property,
  selected,
  label,
  compact = false,
}: {
  property: PropertyNumber;
  selected: Component | undefined;
  label: string;
  compact?: boolean;
}) {
  const id = useId();
  const name = property.getName();
  const value = own(property) ? String(property.getValue() ?? '') : '';
  // the unit of a value to come: px unless the agent picks another first
  const [nextUnit, setNextUnit] = useState('px');
  const unit = own(property) ? property.getUnit() || 'px' : nextUnit;
  const placeholder = computed(selected, name).replace(/px$/, '');
  const set = (next: string, nextUnit = unit) => {
    if (next.trim() === '') property.clear();
    else property.upValue(`${next}${nextUnit}`);
  };
  if (compact) {
    return (
      <input
        id={id}
        type="number"
        inputMode="decimal"
        aria-label={label}
        value={value}
        placeholder={placeholder.replace(/\.\d+/, '') || '0'}
        onChange={(event) => set(event.target.value)}
        className="h-7 w-11 rounded-md border border-slate-300 bg-white px-1 text-center text-xs text-slate-900 [appearance:textfield] focus:border-brand-2 focus:ring-2 focus:ring-brand-100 focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
      />
    );
  }
  return (
    <Row label={label} htmlFor={id} set={own(property)} onClear={() => property.clear()}>
      <div className="flex rounded-lg border border-slate-300 bg-white transition focus-within:border-brand-2 focus-within:ring-2 focus-within:ring-brand-100">
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={0}
          value={value}
          placeholder={placeholder.replace(/(\.\d)\d+/, '$1')}
          onChange={(event) => set(event.target.value)}
          className="h-8 w-full min-w-0 rounded-l-lg bg-transparent px-2 text-sm text-slate-900 focus:outline-none"
        />
        <select
          aria-label={`${label} unit`}
          value={unit}
          onChange={(event) => (value ? set(value, event.target.value) : setNextUnit(event.target.value))}
          className="h-8 rounded-r-lg border-l border-slate-200 bg-slate-50 px-1.5 text-xs text-slate-600 focus:outline-none"
        >
          {(property.getUnits().length ? property.getUnits() : LENGTH_UNITS).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
    </Row>
  );
}

function SelectInput({
  property,
  selected,
  label,
  options,
  placeholder,
}: {
  property: Property;
  selected: Component | undefined;
  label: string;
  options: { id: string; label: string }[];
  placeholder: string;
}) {
  const id = useId();
  const value = own(property) ? String(property.getValue()) : '';
  const known = options.some((option) => option.id === value);
  const inheritedValue = computed(selected, property.getName());
  const inherited =
    options.find((option) => option.id === inheritedValue)?.label ??
    inheritedValue.split(',')[0]?.replaceAll(/["']/g, '').trim();
  return (
    <Row label={label} htmlFor={id} set={own(property)} onClear={() => property.clear()}>
      <select
        id={id}
        value={value}
        onChange={(event) => (event.target.value ? property.upValue(event.target.value) : property.clear())}
        className={fieldClass}
      >
        <option value="">{inherited ? `${placeholder} · ${inherited}` : placeholder}</option>
        {!known && value && <option value={value}>{value.split(',')[0]!.replaceAll(/["']/g, '')}</option>}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </Row>
  );
}

function ColourInput({
  property,
  label,
  selected,
  palette,
}: {
  property: Property;
  label: string;
  selected: Component | undefined;
  palette: { group: string; swatches: Swatch[] }[];
}) {
  const id = useId();
  const value = own(property) ? String(property.getValue()) : '';
  const shown = rgbToHex(computed(selected, property.getName())) ?? '#000000';
  return (
    <Row label={label} htmlFor={id} set={own(property)} onClear={() => property.clear()}>
      <div className="space-y-1.5">
        <fieldset className="space-y-1.5" aria-label={`${label} swatches`}>
          {palette.map(({ group, swatches }, index) => (
            <div key={group} className="flex flex-wrap items-center gap-1.5" title={group}>
              {swatches.map((swatch) => (
                <button
                  key={`${swatch.label}-${swatch.value}`}
                  type="button"
                  title={swatch.label}
                  aria-label={`${label}: ${swatch.label}`}
                  aria-pressed={value === swatch.value}
                  onClick={() => property.upValue(swatch.value)}
                  style={{ backgroundColor: swatch.colour }}
                  className={clsx(
                    'size-6 rounded-full ring-1 ring-slate-900/15 transition hover:scale-110',
                    value === swatch.value && 'ring-2 ring-brand-2 ring-offset-2',
                  )}
                />
              ))}
              {index === palette.length - 1 && (
                <label
                  title="Custom colour"
                  className="relative flex size-6 cursor-pointer items-center justify-center overflow-hidden rounded-full bg-[conic-gradient(#f43f5e,#f59e0b,#84cc16,#06b6d4,#8b5cf6,#f43f5e)] ring-1 ring-slate-900/15 transition hover:scale-110"
                >
                  <span className="sr-only">{label}: custom colour</span>
                  <input
                    id={id}
                    type="color"
                    value={rgbToHex(value) ?? shown}
                    onChange={(event) => property.upValue(event.target.value)}
                    className="absolute inset-0 cursor-pointer opacity-0"
                  />
                </label>
              )}
            </div>
          ))}
        </fieldset>
        <p className="flex items-center gap-1.5 text-xs text-slate-500">
          <span
            className="inline-block size-3 rounded-sm ring-1 ring-slate-900/15"
            style={{ backgroundColor: computed(selected, property.getName()) || undefined }}
          />
          {value
            ? (palette.flatMap(({ swatches }) => swatches).find((swatch) => swatch.value === value)?.label ??
              value)
            : 'Inherited'}
        </p>
      </div>
    </Row>
  );
}

function AlignmentInput({ property }: { property: Property }) {
  const value = own(property) ? String(property.getValue()) : '';
  return (
    <Row label="Alignment" set={own(property)} onClear={() => property.clear()}>
      <fieldset aria-label="Alignment" className="flex rounded-lg border border-slate-300 bg-white p-0.5">
        {ALIGNMENTS.map(({ id, label, icon: Icon }) => (
          <button
            key={id}
            type="button"
            aria-label={label}
            aria-pressed={value === id}
            onClick={() => (value === id ? property.clear() : property.upValue(id))}
            className={clsx(
              'flex flex-1 items-center justify-center rounded-md py-1 transition',
              value === id
                ? 'bg-brand-50 text-brand-800'
                : 'text-slate-500 hover:bg-slate-100 hover:text-slate-800',
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
          </button>
        ))}
      </fieldset>
    </Row>
  );
}

/** Margin around padding around the element, as a box: the four sides of each where they are. */
function SpacingBox({ editor, selected }: { editor: Editor; selected: Component | undefined }) {
  const sm = editor.StyleManager;
  const side = (kind: 'margin' | 'padding', at: string) =>
    sm.getProperty('spacing', `${kind}-${at}`) as PropertyNumber | undefined;
  const input = (kind: 'margin' | 'padding', at: string) => {
    const property = side(kind, at);
    return property ? (
      <LengthInput
        property={property}
        selected={selected}
        label={`${kind === 'margin' ? 'Margin' : 'Padding'} ${at}`}
        compact
      />
    ) : null;
  };
  const box = (kind: 'margin' | 'padding', inner: ReactNode) => (
    <div
      className={clsx(
        'grid grid-cols-[auto_1fr_auto] grid-rows-[auto_1fr_auto] items-center justify-items-center gap-1 rounded-lg p-1.5',
        kind === 'margin'
          ? 'border border-dashed border-slate-300 bg-slate-50'
          : 'border border-slate-300 bg-white',
      )}
    >
      <span className="col-start-1 row-start-1 self-start justify-self-start text-[10px] font-semibold tracking-wide text-slate-400 uppercase">
        {kind}
      </span>
      <div className="col-start-2 row-start-1">{input(kind, 'top')}</div>
      <div className="col-start-1 row-start-2">{input(kind, 'left')}</div>
      <div className="col-start-2 row-start-2 w-full">{inner}</div>
      <div className="col-start-3 row-start-2">{input(kind, 'right')}</div>
      <div className="col-start-2 row-start-3">{input(kind, 'bottom')}</div>
    </div>
  );
  return box(
    'margin',
    box(
      'padding',
      <div className="mx-auto h-6 w-full rounded bg-brand-50 ring-1 ring-brand-100" aria-hidden="true" />,
    ),
  );
}

function BackgroundImageInput({
  editor,
  websiteId,
  property,
  size,
}: {
  editor: Editor;
  websiteId: string;
  property: Property;
  size: Property | undefined;
}) {
  const [picking, setPicking] = useState(false);
  const raw = own(property) ? String(property.getValue()) : '';
  // the value may come as url("…") or as the address alone, quoted or not
  const url = raw
    .replace(/^url\((.*)\)$/, '$1')
    .trim()
    .replace(/^(['"])(.*)\1$/, '$2');
  return (
    <Row label="Image" set={own(property)} onClear={() => property.clear()}>
      <div className="flex items-center gap-2">
        <button
          type="button"
          onClick={() => setPicking(true)}
          className="flex h-12 flex-1 items-center gap-2 overflow-hidden rounded-lg border border-slate-300 bg-white pr-2 text-left text-xs font-medium text-slate-700 transition hover:border-brand-2"
        >
          {url ? (
            <img src={url} alt="" className="h-full w-16 shrink-0 object-cover" />
          ) : (
            <span className="flex h-full w-12 shrink-0 items-center justify-center bg-slate-100 text-slate-400">
              <ImageIcon className="size-4" aria-hidden="true" />
            </span>
          )}
          {url ? 'Change image' : 'Choose image'}
        </button>
        {url && (
          <button
            type="button"
            aria-label="Remove background image"
            onClick={() => property.clear()}
            className="rounded-md p-1.5 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
      <AssetPicker
        editor={editor}
        websiteId={websiteId}
        open={picking}
        onOpenChange={setPicking}
        current={url || undefined}
        title="Background image"
        onPick={(picked) => {
          property.upValue(`url("${picked}")`);
          // a background picture fills its section unless the agent chose otherwise
          if (size && !own(size)) size.upValue('cover');
        }}
      />
    </Row>
  );
}

const TAG_NAMES: Record<string, string> = {
  h1: 'Main heading',
  h2: 'Heading',
  h3: 'Subheading',
  h4: 'Subheading',
  p: 'Paragraph',
  a: 'Link',
  img: 'Image',
  section: 'Section',
  header: 'Header',
  footer: 'Footer',
  nav: 'Menu',
  main: 'Page body',
  blockquote: 'Quote',
  ul: 'List',
  li: 'List item',
  button: 'Button',
  form: 'Form',
};

/** What the agent calls the element: its own name, else what its tag is for. */
function elementName(component: Component): string {
  const custom = component.get('name') as string | undefined;
  if (custom) return custom;
  const tag = String(component.get('tagName') ?? '');
  return TAG_NAMES[tag] ?? component.getName();
}

/** The Style tab: the selected element's look. */
export function StylePanel({
  editor,
  selected,
  theme,
  websiteId,
}: {
  editor: Editor;
  selected: Component | null;
  theme: ThemeSettings;
  websiteId: string;
}) {
  useStyleTarget(editor);
  const sm = editor.StyleManager;
  const target = sm.getSelected();
  if (!selected || !target) {
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-2">
          <MousePointerClick className="size-6" aria-hidden="true" />
        </span>
        <p className="text-sm font-medium text-slate-900">Select something on the page</p>
        <p className="text-xs leading-relaxed text-slate-500">
          Click a heading, text, button or section to change its colours, type, spacing and borders.
        </p>
      </div>
    );
  }
  if (selected.get('stylable') === false) {
    return (
      <p className="p-3 text-sm text-slate-600">
        This element's look comes from the site and cannot be styled here.
      </p>
    );
  }
  const prop = (sector: string, id: string) => sm.getProperty(sector, id);
  const palette = paletteOf(theme, brandColours());
  const device = editor.Devices.getSelected();
  const deviceId = editor.getDevice();
  const fontOptions = [...new Set([theme.font, ...FONTS])].map((font) => ({
    id: font,
    label: font.split(',')[0]!.replaceAll(/["']/g, ''),
  }));

  const fontFamily = prop('text', 'font-family');
  const fontSize = prop('text', 'font-size') as PropertyNumber | undefined;
  const fontWeight = prop('text', 'font-weight');
  const colour = prop('text', 'color');
  const align = prop('text', 'text-align');
  const lineHeight = prop('text', 'line-height') as PropertyNumber | undefined;
  const background = prop('background', 'background-color');
  const backgroundImage = prop('background', 'background-image');
  const backgroundSize = prop('background', 'background-size');
  const borderWidth = prop('border', 'border-width') as PropertyNumber | undefined;
  const borderStyle = prop('border', 'border-style');
  const borderColour = prop('border', 'border-color');
  const radius = prop('border', 'border-radius') as PropertyNumber | undefined;
  const classes = selected.getClasses() as string[];

  return (
    <div className="-mx-3 -mt-3">
      <div className="border-b border-slate-200 bg-white px-3 py-2.5">
        <p className="truncate text-sm font-semibold text-slate-900">{elementName(selected)}</p>
        <p className="truncate text-xs text-slate-500">
          &lt;{selected.get('tagName')}&gt;{classes.length > 0 && ` · .${classes.join(' .')}`}
        </p>
        {device && deviceId !== 'desktop' && (
          <p className="mt-1.5 rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-800 ring-1 ring-amber-200">
            Changes apply to {String(device.get('name') ?? deviceId).toLowerCase()} screens only.
          </p>
        )}
      </div>
      <Section title="Text">
        {fontFamily && (
          <SelectInput
            selected={selected}
            property={fontFamily}
            label="Font"
            options={fontOptions}
            placeholder="Inherited"
          />
        )}
        {fontSize && <LengthInput property={fontSize} selected={selected} label="Size" />}
        {fontWeight && (
          <SelectInput
            selected={selected}
            property={fontWeight}
            label="Weight"
            options={WEIGHTS}
            placeholder="Inherited"
          />
        )}
        {colour && <ColourInput property={colour} label="Colour" selected={selected} palette={palette} />}
        {align && <AlignmentInput property={align} />}
        {lineHeight && <LengthInput property={lineHeight} selected={selected} label="Line height" />}
      </Section>
      <Section title="Background">
        {background && (
          <ColourInput property={background} label="Colour" selected={selected} palette={palette} />
        )}
        {backgroundImage && (
          <BackgroundImageInput
            editor={editor}
            websiteId={websiteId}
            property={backgroundImage}
            size={backgroundSize}
          />
        )}
        {backgroundSize && backgroundImage && own(backgroundImage) && (
          <SelectInput
            selected={selected}
            property={backgroundSize}
            label="Image size"
            placeholder="Original size"
            options={[
              { id: 'cover', label: 'Fill' },
              { id: 'contain', label: 'Fit' },
            ]}
          />
        )}
      </Section>
      <Section title="Spacing">
        <SpacingBox editor={editor} selected={selected} />
      </Section>
      <Section title="Border">
        {borderWidth && <BorderWidth width={borderWidth} style={borderStyle} selected={selected} />}
        {borderStyle && (
          <SelectInput
            selected={selected}
            property={borderStyle}
            label="Style"
            options={BORDER_STYLES}
            placeholder="Inherited"
          />
        )}
        {borderColour && (
          <ColourInput property={borderColour} label="Colour" selected={selected} palette={palette} />
        )}
        {radius && <LengthInput property={radius} selected={selected} label="Corners" />}
      </Section>
    </div>
  );
}

/** A border width also gets a solid line when it has none (a width alone draws nothing). */
function BorderWidth({
  width,
  style,
  selected,
}: {
  width: PropertyNumber;
  style: Property | undefined;
  selected: Component | undefined;
}) {
  useEffect(() => {
    if (own(width) && style && !own(style) && computed(selected, 'border-style') === 'none')
      style.upValue('solid');
  });
  return <LengthInput property={width} selected={selected} label="Width" />;
}
