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

/** Type-only: the attribute names a condition reads (never set at run time). */
declare const reads: unique symbol;

/**
 * A condition (or filter) expression, rendered into a request's context. `Attribute` is the union of the
 * attribute names it reads, inferred from the builders below, so an entity refuses at compile time a
 * condition on an attribute its items do not have (a typo in `eq('stauts', …)` is a type error).
 */
export type Condition<Attribute extends string = string> = ((context: ExpressionContext) => string) & {
  readonly [reads]?: Attribute;
};

const compare =
  (operator: string) =>
  <Attribute extends string>(attribute: Attribute, value: unknown): Condition<Attribute> =>
  (context) =>
    `${context.name(attribute)} ${operator} ${context.value(value)}`;

export const eq = compare('=');
export const ne = compare('<>');
export const lt = compare('<');
export const lte = compare('<=');
export const gt = compare('>');
export const gte = compare('>=');

export const exists =
  <Attribute extends string>(attribute: Attribute): Condition<Attribute> =>
  (context) =>
    `attribute_exists(${context.name(attribute)})`;

export const notExists =
  <Attribute extends string>(attribute: Attribute): Condition<Attribute> =>
  (context) =>
    `attribute_not_exists(${context.name(attribute)})`;

export const beginsWith =
  <Attribute extends string>(attribute: Attribute, prefix: string): Condition<Attribute> =>
  (context) =>
    `begins_with(${context.name(attribute)}, ${context.value(prefix)})`;

export const and =
  <Attribute extends string>(...conditions: Condition<Attribute>[]): Condition<Attribute> =>
  (context) =>
    conditions.map((condition) => `(${condition(context)})`).join(' AND ');

export const or =
  <Attribute extends string>(...conditions: Condition<Attribute>[]): Condition<Attribute> =>
  (context) =>
    conditions.map((condition) => `(${condition(context)})`).join(' OR ');

/** True when a string attribute holds `part` anywhere (a substring; never matches an absent attribute). */
export const contains =
  <Attribute extends string>(attribute: Attribute, part: string): Condition<Attribute> =>
  (context) =>
    `contains(${context.name(attribute)}, ${context.value(part)})`;

export const not =
  <Attribute extends string>(condition: Condition<Attribute>): Condition<Attribute> =>
  (context) =>
    `NOT (${condition(context)})`;
