import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The signing module lives in the pure core (architecture.md): node:crypto is allowed, I/O and clocks are not.
const root = fileURLToPath(new URL('../../../src/core/', import.meta.url));
const files = ['signing.ts', ...readdirSync(join(root, 'signing')).map((f) => join('signing', f))];

describe('src/core/signing stays pure', () => {
  it.each(files)('%s imports no I/O module and reads no clock or randomness', (file) => {
    const source = readFileSync(join(root, file), 'utf8');
    const imports = [...source.matchAll(/from\s+'([^']+)'/g)].map((m) => m[1]);
    for (const specifier of imports) {
      expect(specifier).toMatch(/^(\.\.?\/|node:crypto$|libxml2-wasm(\/lib\/c14n\.mjs)?$)/);
    }
    expect(source).not.toMatch(/Date\.now\(|new Date\(\)|Math\.random\(|process\.env/);
  });
});
