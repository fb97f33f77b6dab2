// The iteration cap applied where node-forge derives keys, not only where the file can be read beforehand
// (pkcs12-iterations.ts reads the MAC's count and the counts of the sections visible without a password). A key bag
// inside an encrypted section shows its count only once that section is decrypted: an uploader hid 5,000,000 PBKDF2
// rounds there. Reading a PFX therefore runs under a budget that every derivation forge makes is charged to —
// PBKDF2 (PBES2), the PKCS#12 KDF for PBE keys and IVs, and the one for the MAC key — each call at most the per-call
// cap, all of them together at most the total; past either, the read stops before deriving.

import forge from 'node-forge';

interface Budget {
  perCall: number;
  left: number;
  refuse: (iterations: number) => Error;
}

let budget: Budget | null = null;

function charge(iterations: unknown): void {
  if (!budget) return;
  const n = Number(iterations);
  if (!(n <= budget.perCall) || !(n <= budget.left)) throw budget.refuse(n);
  budget.left -= n;
}

type Pkcs12Kdf = (password: string, salt: unknown, id: number, iter: number, n: number, md?: unknown) => unknown;
type Pbkdf2 = (password: string, salt: string, iterations: number, ...rest: unknown[]) => unknown;

const pbe = (forge.pki as unknown as { pbe: { generatePkcs12Key: Pkcs12Kdf } }).pbe;
const pkcs12 = forge.pkcs12 as unknown as { generateKey: Pkcs12Kdf };
const pkcs5 = forge.pkcs5 as unknown as { pbkdf2: Pbkdf2 };

// pkcs12.generateKey (the MAC's) is its own reference to the same function: each one is wrapped.
const kdf = pbe.generatePkcs12Key;
pbe.generatePkcs12Key = (password, salt, id, iter, n, md) => {
  charge(iter);
  return kdf(password, salt, id, iter, n, md);
};
const macKdf = pkcs12.generateKey;
pkcs12.generateKey = (password, salt, id, iter, n, md) => {
  charge(iter);
  return macKdf(password, salt, id, iter, n, md);
};
const pbkdf2 = pkcs5.pbkdf2;
pkcs5.pbkdf2 = (password, salt, iterations, ...rest) => {
  charge(iterations);
  return pbkdf2(password, salt, iterations, ...rest);
};

/** Runs `read` (synchronous forge work) with every key derivation charged to a budget; `refuse` makes the error. */
export function withDerivationBudget<T>(
  limits: { perCall: number; total: number },
  refuse: (iterations: number) => Error,
  read: () => T,
): T {
  const outer = budget;
  budget = { perCall: limits.perCall, left: limits.total, refuse };
  try {
    return read();
  } finally {
    budget = outer;
  }
}
