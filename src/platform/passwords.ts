// Password hashing: argon2id, PHC string format ($argon2id$v=19$m=…,t=…,p=…$salt$hash), computed in
// WebAssembly by hash-wasm. Not the native `argon2` package: its prebuilt binary crashes (SIGSEGV) when loaded
// on our Debian machines, and npm's allowScripts policy keeps it from compiling itself on a clean install.
// The strings are the same format the native package writes and verifies.
import { argon2id, argon2Verify } from 'hash-wasm';
import { randomBytes } from 'node:crypto';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const MEMORY_KIB = 19_456;
const ITERATIONS = 2;
const PARALLELISM = 1;

export async function hashPassword(password: string): Promise<string> {
  return argon2id({
    password,
    salt: randomBytes(16),
    parallelism: PARALLELISM,
    iterations: ITERATIONS,
    memorySize: MEMORY_KIB,
    hashLength: 32,
    outputType: 'encoded',
  });
}

/** False for a wrong password or a hash that is not an argon2 PHC string. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  if (!hash.startsWith('$argon2')) return false;
  try {
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}
