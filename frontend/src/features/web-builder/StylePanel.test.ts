import { describe, expect, it } from 'vitest';
import { paletteOf, STYLE_SECTORS } from './StylePanel.tsx';

describe('style panel', () => {
  it("offers the theme's colours as its variables and the agency's brand colours", () => {
    const theme = {
      primary: '#0e7490',
      secondary: '#155e75',
      text: '#1f2937',
      background: '#f8fafc',
      font: 'Inter',
    };
    const [themed, brand] = paletteOf(theme, ['#1ab684', 'not a colour', '#157F58']);
    expect(themed!.swatches.map((swatch) => [swatch.value, swatch.colour])).toEqual([
      ['var(--primary)', '#0e7490'],
      ['var(--secondary)', '#155e75'],
      ['var(--text)', '#1f2937'],
      ['var(--background)', '#f8fafc'],
    ]);
    expect(brand!.swatches.map((swatch) => swatch.value)).toEqual([
      '#1ab684',
      '#157F58',
      '#ffffff',
      '#000000',
    ]);
  });

  it('gives the Style Manager the sectors the panel draws', () => {
    const properties = STYLE_SECTORS.flatMap((sector) =>
      (sector.properties ?? []).map((property) =>
        typeof property === 'string' ? property : property.property,
      ),
    );
    for (const wanted of [
      'font-family',
      'font-size',
      'font-weight',
      'color',
      'text-align',
      'background-color',
      'background-image',
      'padding-top',
      'margin-left',
      'border-width',
      'border-style',
      'border-color',
      'border-radius',
    ])
      expect(properties).toContain(wanted);
  });
});
