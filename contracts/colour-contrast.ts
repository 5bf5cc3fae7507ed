/**
 * Readable variants of a website theme's colour (WCAG 2.1 AA, 1.4.3): the agent picks any primary colour,
 * and the published pages (and the editor's canvas) use these for text in that colour and for text on it.
 * One definition for the page renderer and the editor, so both show the same colours.
 */

/** WCAG's minimum contrast for normal-size text. */
export const TEXT_CONTRAST = 4.5;

type Rgb = readonly [number, number, number];

const WHITE: Rgb = [255, 255, 255];
const DARK_TEXT = '#111827';

/** `#rgb` or `#rrggbb` as channels; undefined for anything else (named colours, rgb(), typos). */
export function parseHexColour(colour: string): Rgb | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  return [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16)) as unknown as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;

/** WCAG relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const darker = (rgb: Rgb, step: number) =>
  rgb.map((channel) => Math.round(channel * (1 - step * 0.05))) as unknown as Rgb;

/** The colour, or the first of its darker shades (5 % steps towards black) that `readable` accepts. */
function darkenUntil(colour: string, readable: (candidate: Rgb) => boolean): string {
  const rgb = parseHexColour(colour);
  if (!rgb) return colour;
  for (let step = 0; step <= 20; step++) {
    const shade = darker(rgb, step);
    if (readable(shade)) return step === 0 ? colour : toHex(shade);
  }
  return '#000000';
}

/**
 * For text in the colour: the colour itself when it is readable on white and on the page's background
 * (when that is light), otherwise the same hue darkened just enough. Unparseable colours come back unchanged.
 */
export function readableTextColour(colour: string, background = '#ffffff'): string {
  const page = parseHexColour(background);
  // a dark page background cannot be helped by darkening: the text is read on the white cards then
  const grounds = page && luminance(page) > 0.5 ? [WHITE, page] : [WHITE];
  return darkenUntil(colour, (candidate) =>
    grounds.every((ground) => contrastRatio(candidate, ground) >= TEXT_CONTRAST),
  );
}

const DARK = parseHexColour(DARK_TEXT) as Rgb;

/** For a background in the colour (buttons, badges): itself when white or dark text is readable on it, else darkened until white is. */
export function readableFillColour(colour: string): string {
  const rgb = parseHexColour(colour);
  if (rgb && contrastRatio(DARK, rgb) >= TEXT_CONTRAST) return colour;
  return darkenUntil(colour, (candidate) => contrastRatio(WHITE, candidate) >= TEXT_CONTRAST);
}

/** The text colour on `readableFillColour(colour)`: white when readable, else dark. */
export function textColourOn(colour: string): string {
  const rgb = parseHexColour(readableFillColour(colour));
  if (!rgb || contrastRatio(WHITE, rgb) >= TEXT_CONTRAST) return '#ffffff';
  return DARK_TEXT;
}
