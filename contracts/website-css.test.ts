import { describe, expect, it } from 'vitest';
import {
  cssRepetition,
  flatDeclarations,
  healCss,
  isImplausiblyRepetitive,
  parseCssBlocks,
  stringifyCssBlocks,
} from './website-css.ts';

const TEMPLATE =
  ':root{--primary:#0e7490;--secondary:#155e75}' +
  'body{margin:0;font-family:"Inter, sans-serif"}' +
  '.button{display:inline-block;background:var(--primary);color:#fff}' +
  '.site-footer{padding:40px;background:var(--secondary);color:#fff}' +
  '.badge{border-left:4px solid var(--primary)}' +
  '@media (max-width:640px){.site-footer,.hero{padding-left:20px}}';

/** What the old editor saved: the browser parser's output without the var() shorthands. */
const DROPPED =
  ':root{--primary:#0e7490;--secondary:#155e75;}' +
  'body{margin:0;font-family:"Inter, sans-serif";}' +
  '.button{display:inline-block;color:#fff;}' +
  '.site-footer{padding:40px;color:#fff;}' +
  '@media (max-width: 640px){.site-footer{padding-left:20px;}.hero{padding-left:20px;}}';

describe('website CSS healing', () => {
  it('reads rules, group at-rules, statements, strings and comments', () => {
    const css = '@import url("a;b.css");/* a { */.a{content:"}{";color:red}@media print{.a{color:#000}}';
    expect(parseCssBlocks(css)).toEqual([
      { prelude: '@import url("a;b.css")', statement: true },
      { prelude: '.a', declarations: 'content:"}{";color:red' },
      { prelude: '@media print', children: [{ prelude: '.a', declarations: 'color:#000' }] },
    ]);
    expect(stringifyCssBlocks(parseCssBlocks(css))).toBe(
      '@import url("a;b.css");.a{content:"}{";color:red}@media print{.a{color:#000}}',
    );
  });

  it('removes rules repeated by every save, keeping the last copy, inside media queries too', () => {
    const multiplied = `${DROPPED}${DROPPED}${DROPPED}.extra{color:red}${DROPPED}`;
    const healed = healCss(multiplied);
    expect(cssRepetition(multiplied).repeated).toBeGreaterThan(0);
    expect(cssRepetition(healed).repeated).toBe(0);
    expect(new Set(flatDeclarations(healed))).toEqual(new Set(flatDeclarations(multiplied)));
    // the last copy wins the cascade: .extra stays before the kept copy of the rest
    expect(healed.indexOf('.extra')).toBeLessThan(healed.indexOf('.button'));
  });

  it("puts back the template's var() declarations the old parser dropped", () => {
    const healed = healCss(DROPPED, TEMPLATE);
    const declarations = flatDeclarations(healed);
    expect(declarations).toContain('|.site-footer|background:var(--secondary)');
    expect(declarations).toContain('|.button|background:var(--primary)');
    // a rule the drop emptied completely comes back
    expect(declarations).toContain('|.badge|border-left:4px solid var(--primary)');
    // nothing else changes
    expect(declarations.filter((line) => !line.includes('var('))).toEqual(
      flatDeclarations(DROPPED).filter((line) => !line.includes('var(')),
    );
  });

  it('does not put back what the site already sets another way', () => {
    const own = '.site-footer{padding:40px;background-color:#000}.button{background:#123456}';
    const healed = healCss(own, TEMPLATE);
    expect(flatDeclarations(healed)).not.toContain('|.site-footer|background:var(--secondary)');
    expect(flatDeclarations(healed)).not.toContain('|.button|background:var(--primary)');
  });

  it('leaves a healthy style sheet exactly as written, spaces included', () => {
    const css = '.a { color: red; }\n@media (max-width: 600px) { .a { color: blue; } }';
    expect(healCss(css)).toBe(css);
    expect(healCss(TEMPLATE, TEMPLATE)).toBe(TEMPLATE);
  });

  it('tells a multiplied style sheet from a long real one', () => {
    const real = Array.from({ length: 400 }, (_, index) => `.r${index}{margin:${index}px}`).join('');
    expect(isImplausiblyRepetitive(real)).toBe(false);
    expect(isImplausiblyRepetitive(`${real}.r1{margin:1px}`)).toBe(false);
    expect(isImplausiblyRepetitive(TEMPLATE.repeat(8))).toBe(true);
  });
});
