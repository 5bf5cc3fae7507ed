/**
 * URL slugs that keep accented and other Latin letters readable (issue 16): "Évora" → "evora", "São João" →
 * "sao-joao", "Straße" → "strasse". Zod-free and dependency-free, so the editor, the handlers and the page
 * renderer can all import it.
 */

/** Latin letters that Unicode does not decompose into a base letter plus marks. */
const LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
  ŧ: 't',
  Ŧ: 'T',
  ŋ: 'n',
  Ŋ: 'N',
};
const SPECIAL = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

/** Text with its accents removed and special Latin letters spelled in ASCII ("São João" → "Sao Joao"). */
export function transliterate(text: string): string {
  return text
    .replace(SPECIAL, (letter) => LETTERS[letter]!)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '');
}

/**
 * A URL slug: transliterated, lower case, every run of other characters one hyphen, no hyphen at either
 * end ("Vila Nova de Gaia — T3" → "vila-nova-de-gaia-t3"). `maxLength` cuts at a word boundary when it can.
 */
export function slugify(text: string, maxLength = Number.POSITIVE_INFINITY): string {
  const slug = transliterate(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength);
  if (slug[maxLength] === '-') return cut;
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > maxLength / 2 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, '');
}
