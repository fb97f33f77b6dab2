// The per-schema statement texts: made once per schema and variant, and all dropped once they would hold more
// characters than allowed (tenants can be many), then made again on demand.
import { describe, expect, it } from 'vitest';
import { statementTexts } from '../../src/platform/db/statement-texts.ts';

/** A builder of `text` that counts its calls in `made.count`. */
function counted() {
  const made = { count: 0 };
  const build = (text: string) => () => {
    made.count += 1;
    return text;
  };
  return { made, build };
}

describe('statementTexts', () => {
  it('makes a text once per schema and variant', () => {
    const textOf = statementTexts(2, 1_000);
    const { made, build } = counted();
    expect(textOf(0, 't_a', build('A0'))).toBe('A0');
    expect(textOf(0, 't_a', build('other'))).toBe('A0');
    expect(textOf(1, 't_a', build('A1'))).toBe('A1');
    expect(textOf(0, 't_b', build('B0'))).toBe('B0');
    expect(made.count).toBe(3);
  });

  it('drops every text when the next would pass the bound, and makes them again', () => {
    const textOf = statementTexts(2, 10);
    const { made, build } = counted();
    textOf(0, 't_a', build('aaaaaa'));
    textOf(1, 't_a', build('bbbbbb')); // 12 characters: the first is dropped
    expect(textOf(1, 't_a', build('never'))).toBe('bbbbbb');
    expect(textOf(0, 't_a', build('cccccc'))).toBe('cccccc');
    expect(made.count).toBe(3);
  });
});
