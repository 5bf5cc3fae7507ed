/**
 * A website's CSS as blocks (rules and at-rules), to heal what the editor's old save damaged and to tell
 * a plausible style sheet from a multiplied one (docs/website-builder.md, "Content"). Not a full CSS
 * parser: it splits at braces and semicolons outside strings, comments and parentheses, which is all
 * that de-duplicating rules and comparing declarations need. PostCSS would do it too, at 88 KB per
 * Lambda bundle, which the website handlers cannot afford (docs/decisions.md).
 */

/** One top-level piece of a style sheet: a rule, a group at-rule holding blocks, or a statement. */
export interface CssBlock {
  /** the selector, or `@media (…)` and the like, trimmed */
  prelude: string;
  /** a rule's declarations (text between its braces) */
  declarations?: string;
  /** a group at-rule's blocks (@media, @supports, @keyframes…) */
  children?: CssBlock[];
  /** a statement at-rule without braces (`@import …;`) */
  statement?: true;
}

/** The index after the string, comment or escape starting at `at`, or `at` when none starts there. */
function skipOpaque(css: string, at: number): number {
  const char = css[at];
  if (char === '\\') return at + 2;
  if (char === '/' && css[at + 1] === '*') {
    const end = css.indexOf('*/', at + 2);
    return end === -1 ? css.length : end + 2;
  }
  if (char === '"' || char === "'") {
    let index = at + 1;
    while (index < css.length && css[index] !== char) index += css[index] === '\\' ? 2 : 1;
    return index + 1;
  }
  return at;
}

/** The index of the brace closing the one opened just before `from`. */
function closingBrace(css: string, from: number): number {
  let depth = 1;
  let index = from;
  while (index < css.length) {
    const skipped = skipOpaque(css, index);
    if (skipped !== index) {
      index = skipped;
      continue;
    }
    if (css[index] === '{') depth += 1;
    else if (css[index] === '}' && --depth === 0) return index;
    index += 1;
  }
  return css.length;
}

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?(\*\/|$)/g, '');
const hasBlock = (text: string) => {
  for (let index = 0; index < text.length; ) {
    const skipped = skipOpaque(text, index);
    if (skipped !== index) index = skipped;
    else if (text[index++] === '{') return true;
  }
  return false;
};

/** The blocks of a style sheet, in order; text that cannot be read as CSS ends the list. */
export function parseCssBlocks(css: string): CssBlock[] {
  const blocks: CssBlock[] = [];
  let start = 0;
  let index = 0;
  while (index < css.length) {
    const skipped = skipOpaque(css, index);
    if (skipped !== index) {
      index = skipped;
      continue;
    }
    const char = css[index];
    if (char === ';' && withoutComments(css.slice(start, index)).trim().startsWith('@')) {
      blocks.push({ prelude: withoutComments(css.slice(start, index)).trim(), statement: true });
      start = index + 1;
    } else if (char === '{') {
      const prelude = withoutComments(css.slice(start, index)).trim();
      const end = closingBrace(css, index + 1);
      const body = css.slice(index + 1, end);
      blocks.push(
        prelude.startsWith('@') && hasBlock(body)
          ? { prelude, children: parseCssBlocks(body) }
          : { prelude, declarations: body.trim() },
      );
      start = end + 1;
      index = end;
    } else if (char === '}') {
      start = index + 1;
    }
    index += 1;
  }
  return blocks;
}

export function stringifyCssBlocks(blocks: readonly CssBlock[]): string {
  return blocks
    .map((block) => {
      if (block.statement) return `${block.prelude};`;
      if (block.children) return `${block.prelude}{${stringifyCssBlocks(block.children)}}`;
      return `${block.prelude}{${block.declarations ?? ''}}`;
    })
    .join('');
}

const blockKey = (block: CssBlock) => stringifyCssBlocks([block]).replace(/\s+/g, ' ');

/**
 * The blocks without repeats: of identical blocks in one place only the last is kept (it is the one
 * that wins the cascade, so nothing a visitor sees changes). At-rules are de-duplicated inside too.
 */
export function withoutRepeatedBlocks(blocks: readonly CssBlock[]): CssBlock[] {
  const inner = blocks.map((block) =>
    block.children ? { ...block, children: withoutRepeatedBlocks(block.children) } : block,
  );
  const lastIndex = new Map(inner.map((block, index) => [blockKey(block), index]));
  return inner.filter((block, index) => lastIndex.get(blockKey(block)) === index);
}

/** How many blocks a style sheet has in all, and how many of them repeat another in the same place. */
export function cssRepetition(css: string): { blocks: number; repeated: number } {
  let blocks = 0;
  let repeated = 0;
  const count = (list: readonly CssBlock[]) => {
    const seen = new Set<string>();
    for (const block of list) {
      blocks += 1;
      const key = blockKey(block);
      if (seen.has(key)) repeated += 1;
      seen.add(key);
      if (block.children) count(block.children);
    }
  };
  count(parseCssBlocks(css));
  return { blocks, repeated };
}

/** Style sheets this repetitive are the editor's old multiplication, never a design (a save is refused). */
export const IMPLAUSIBLE_REPETITION = { minRepeated: 20, share: 1 / 3 };

export function isImplausiblyRepetitive(css: string): boolean {
  const { blocks, repeated } = cssRepetition(css);
  return repeated >= IMPLAUSIBLE_REPETITION.minRepeated && repeated > blocks * IMPLAUSIBLE_REPETITION.share;
}

/** A rule's declarations as [property, value] pairs, split at semicolons outside strings and brackets. */
export function declarationsOf(text: string): [string, string][] {
  const found: [string, string][] = [];
  let depth = 0;
  let start = 0;
  const push = (end: number) => {
    const part = withoutComments(text.slice(start, end));
    const colon = part.indexOf(':');
    if (colon > 0) found.push([part.slice(0, colon).trim().toLowerCase(), part.slice(colon + 1).trim()]);
  };
  for (let index = 0; index < text.length; ) {
    const skipped = skipOpaque(text, index);
    if (skipped !== index) {
      index = skipped;
      continue;
    }
    const char = text[index];
    if (char === '(' || char === '[') depth += 1;
    else if ((char === ')' || char === ']') && depth > 0) depth -= 1;
    else if (char === ';' && depth === 0) {
      push(index);
      start = index + 1;
    }
    index += 1;
  }
  push(text.length);
  return found;
}

/** Each selector of a rule on its own (`a, b` is two), outside brackets and strings. */
export function selectorsOf(prelude: string): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < prelude.length; ) {
    const skipped = skipOpaque(prelude, index);
    if (skipped !== index) {
      index = skipped;
      continue;
    }
    const char = prelude[index];
    if (char === '(' || char === '[') depth += 1;
    else if ((char === ')' || char === ']') && depth > 0) depth -= 1;
    else if (char === ',' && depth === 0) {
      selectors.push(prelude.slice(start, index));
      start = index + 1;
    }
    index += 1;
  }
  selectors.push(prelude.slice(start));
  return selectors.map((selector) => selector.trim().replace(/\s+/g, ' ')).filter(Boolean);
}

const contextKey = (context: string) => context.replace(/\s+/g, '');

/** Every declaration of a style sheet as `context|selector|property:value`, one selector at a time. */
export function flatDeclarations(css: string): string[] {
  const found: string[] = [];
  const visit = (blocks: readonly CssBlock[], context: string) => {
    for (const block of blocks) {
      if (block.children) visit(block.children, `${context}${contextKey(block.prelude)}`);
      else if (block.declarations !== undefined)
        for (const selector of selectorsOf(block.prelude))
          for (const [property, value] of declarationsOf(block.declarations))
            found.push(`${context}|${selector}|${property}:${value.replace(/\s+/g, ' ')}`);
    }
  };
  visit(parseCssBlocks(css), '');
  return found;
}

/**
 * Puts back the template's `var(--…)` declarations that a style sheet lost: the editor's old CSS parser
 * dropped shorthands written with custom properties (`.site-footer{background:var(--secondary)}`), so a
 * rule of the template's selector that has no declaration of that property (nor of its longhands) gets
 * it back; a rule the drop emptied completely is added again at the end of its place.
 */
export function restoreTemplateVariables(blocks: readonly CssBlock[], templateCss: string): CssBlock[] {
  const result = structuredClone(blocks) as CssBlock[];
  const find = (list: CssBlock[], context: string[]): CssBlock[] | undefined => {
    if (context.length === 0) return list;
    const group = list.findLast((block) => block.children && contextKey(block.prelude) === context[0]);
    return group?.children && find(group.children, context.slice(1));
  };
  const visit = (templateBlocks: readonly CssBlock[], context: string[]) => {
    for (const block of templateBlocks) {
      if (block.children) {
        visit(block.children, [...context, contextKey(block.prelude)]);
        continue;
      }
      if (block.declarations === undefined) continue;
      const wanted = declarationsOf(block.declarations).filter(([, value]) => value.includes('var('));
      if (wanted.length === 0) continue;
      const place = find(result, context);
      if (!place) continue;
      for (const selector of selectorsOf(block.prelude)) {
        const rules = place.filter(
          (rule) => rule.declarations !== undefined && selectorsOf(rule.prelude).includes(selector),
        );
        const has = (property: string) =>
          rules.some((rule) =>
            declarationsOf(rule.declarations ?? '').some(
              ([name]) => name === property || name.startsWith(`${property}-`),
            ),
          );
        const missing = wanted.filter(([property]) => !has(property));
        if (missing.length === 0) continue;
        const text = missing.map(([property, value]) => `${property}:${value};`).join('');
        const target = rules.findLast((rule) => selectorsOf(rule.prelude).length === 1);
        if (target) target.declarations = `${(target.declarations ?? '').replace(/;?\s*$/, ';')}${text}`;
        else place.push({ prelude: selector, declarations: text });
      }
    }
  };
  visit(parseCssBlocks(templateCss), []);
  return result;
}

/** A style sheet healed: repeats removed and, with the template's CSS, its dropped variables put back. */
export function healCss(css: string, templateCss?: string): string {
  const parsed = parseCssBlocks(css);
  const unique = withoutRepeatedBlocks(parsed);
  const restored = templateCss ? restoreTemplateVariables(unique, templateCss) : unique;
  const healed = stringifyCssBlocks(restored);
  // a sheet with nothing to heal stays as it was written, spaces included
  return healed === stringifyCssBlocks(parsed) ? css : healed;
}
