// Secrets at rest (SOL passwords, private keys): AES-256-GCM with SECRETS_KEY.
// Sealed format: `v1:<iv>:<tag>:<ciphertext>`, each part base64url. A 96-bit random IV per value.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(plaintext: string): string;
  /** Throws SecretError when the value was tampered with or sealed with another key. */
  open(sealed: string): string;
}

export class SecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretError';
  }
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new SecretError('SECRETS_KEY must be 32 bytes');
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', iv.toString('base64url'), tag.toString('base64url'), data.toString('base64url')].join(':');
    },
    open(sealed) {
      const parts = sealed.split(':');
      if (parts.length !== 4 || parts[0] !== 'v1') throw new SecretError('unknown sealed secret format');
      const [, iv, tag, data] = parts;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretError('the secret cannot be opened with this SECRETS_KEY (wrong key or tampered value)');
      }
    },
  };
}
