// What the event loop and the password workers say to each other (passwords.ts, password-worker.ts), and the
// argon2id parameters both sides need.

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
export const ARGON2 = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

export type PasswordJob = { id: number } & (
  | { op: 'hash'; password: string }
  | { op: 'verify'; password: string; hash: string }
);

export type PasswordReply = { id: number } & ({ ok: true; value: string | boolean } | { ok: false; message: string });
