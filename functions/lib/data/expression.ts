/**
 * DynamoDB expressions built from small functions, so conditions compose without placeholder clashes:
 * every name and value gets a fresh `#nN` / `:vN` placeholder from the one context of its request.
 */
export class ExpressionContext {
  readonly names: Record<string, string> = {};
  readonly values: Record<string, unknown> = {};
  #count = 0;

  name(attribute: string): string {
    const placeholder = `#n${this.#count++}`;
    this.names[placeholder] = attribute;
    return placeholder;
  }

  value(value: unknown): string {
    const placeholder = `:v${this.#count++}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  /** The placeholders of the request, omitted when empty (DynamoDB rejects empty maps). */
  attributes() {
    return {
      ...(Object.keys(this.names).length ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

/** A condition (or filter) expression, rendered into a request's context. */
export type Condition = (context: ExpressionContext) => string;

const compare =
  (operator: string) =>
  (attribute: string, value: unknown): Condition =>
  (context) =>
    `${context.name(attribute)} ${operator} ${context.value(value)}`;

export const eq = compare('=');
export const ne = compare('<>');
export const lt = compare('<');
export const lte = compare('<=');
export const gt = compare('>');
export const gte = compare('>=');

export const exists =
  (attribute: string): Condition =>
  (context) =>
    `attribute_exists(${context.name(attribute)})`;

export const notExists =
  (attribute: string): Condition =>
  (context) =>
    `attribute_not_exists(${context.name(attribute)})`;

export const beginsWith =
  (attribute: string, prefix: string): Condition =>
  (context) =>
    `begins_with(${context.name(attribute)}, ${context.value(prefix)})`;

export const and =
  (...conditions: Condition[]): Condition =>
  (context) =>
    conditions.map((condition) => `(${condition(context)})`).join(' AND ');

export const or =
  (...conditions: Condition[]): Condition =>
  (context) =>
    conditions.map((condition) => `(${condition(context)})`).join(' OR ');

/** True when a string attribute holds `part` anywhere (a substring; never matches an absent attribute). */
export const contains =
  (attribute: string, part: string): Condition =>
  (context) =>
    `contains(${context.name(attribute)}, ${context.value(part)})`;

export const not =
  (condition: Condition): Condition =>
  (context) =>
    `NOT (${condition(context)})`;
