import clsx from 'clsx';

const count = new Intl.NumberFormat();

/**
 * How much of a text field's limit is used ("1,843 / 2,000"), shown once the text nears it and red past
 * it. Long fields show it instead of a `maxLength` that cut pasted text silently; the form refuses the text
 * with `tooLongMessage` until it fits.
 */
export function CharacterCount({
  length,
  max,
  from = 0,
  id,
}: {
  length: number;
  max: number;
  /** shown from this length on (0: always) */
  from?: number;
  id?: string;
}) {
  if (length < from) return null;
  return (
    <span
      id={id}
      className={clsx('text-xs tabular-nums', length > max ? 'font-semibold text-red-600' : 'text-slate-500')}
    >
      {count.format(length)} / {count.format(max)}
    </span>
  );
}

/** "Bio must be at most 2,000 characters (it has 2,143)". */
export const tooLongMessage = (label: string, max: number, length: number) =>
  `${label} must be at most ${count.format(max)} characters (it has ${count.format(length)})`;

/**
 * A text field's limit shown before it bites: the counter for its label row (from 80 % of the limit) and
 * the form's message once the text is past it (the form then refuses to send, and nothing is cut).
 */
export function textLimit(label: string, text: string, max: number) {
  const length = text.trim().length;
  return {
    counter: <CharacterCount length={length} max={max} from={Math.floor(max * 0.8)} />,
    error: length > max ? tooLongMessage(label, max, length) : undefined,
  };
}
