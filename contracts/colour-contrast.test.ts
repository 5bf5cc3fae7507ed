import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  parseHexColour,
  readableFillColour,
  readableTextColour,
  TEXT_CONTRAST,
  textColourOn,
} from './colour-contrast.ts';

const ratio = (a: string, b: string) => contrastRatio(parseHexColour(a)!, parseHexColour(b)!);

describe('readable variants of a theme colour', () => {
  it('keeps a colour that is already readable on white and on the page', () => {
    expect(readableTextColour('#0e7490', '#f8fafc')).toBe('#0e7490');
    expect(readableFillColour('#14532d')).toBe('#14532d');
    expect(textColourOn('#14532d')).toBe('#ffffff');
  });

  it('darkens a light colour just enough for text in it (the amber labels were 2.14:1)', () => {
    const text = readableTextColour('#f59e0b');
    expect(ratio(text, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(ratio(text, '#ffffff')).toBeLessThan(5.5);
    // a light page background counts too
    expect(ratio(readableTextColour('#007bff', '#fbf7ef'), '#fbf7ef')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('puts dark text on a light fill and white text on a fill darkened when neither reads on it', () => {
    expect(readableFillColour('#f59e0b')).toBe('#f59e0b');
    expect(textColourOn('#f59e0b')).toBe('#111827');
    // #007bff reads neither white (3.97:1) nor dark text: the fill is a shade darker, with white text
    const fill = readableFillColour('#007bff');
    expect(textColourOn('#007bff')).toBe('#ffffff');
    expect(ratio('#ffffff', fill)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('reads #rgb and #rrggbb and leaves anything else as it is', () => {
    expect(parseHexColour('#fa0')).toEqual([255, 170, 0]);
    expect(parseHexColour('#FFAA00')).toEqual([255, 170, 0]);
    expect(readableTextColour('rebeccapurple')).toBe('rebeccapurple');
    expect(textColourOn('not a colour')).toBe('#ffffff');
  });
});
