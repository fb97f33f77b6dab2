// Statement texts made per tenant schema (raw SQL names its schema, so each tenant has its own text), kept for reuse
// and bounded by the characters they hold — tenants can be many: past the bound every text is dropped and made again.

/** A cache of `variants` kinds of text per schema; `textOf(variant, schema, build)` makes a missing one with build. */
export function statementTexts(variants: number, maxChars: number) {
  const held = Array.from({ length: variants }, () => new Map<string, string>());
  let chars = 0;
  return function textOf(variant: number, schema: string, build: () => string): string {
    const texts = held[variant];
    let text = texts.get(schema);
    if (text === undefined) {
      text = build();
      if (chars + text.length > maxChars) {
        for (const map of held) map.clear();
        chars = 0;
      }
      texts.set(schema, text);
      chars += text.length;
    }
    return text;
  };
}
