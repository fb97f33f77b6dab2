// The Debian tools some judges run as a second opinion (xmllint, xmlsec1, poppler, zbar, openssl): used when they
// are on PATH, never required (npm test needs only Node and npm; CI installs them, so there both judges must agree).
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const found = new Map<string, boolean>();

/** True when an executable of that name is in a PATH directory (looked up once per process). */
export function onPath(tool: string, path = process.env.PATH ?? ''): boolean {
  const key = `${path}\0${tool}`;
  let hit = found.get(key);
  if (hit === undefined) {
    hit = path
      .split(delimiter)
      .filter(Boolean)
      .some((dir) => existsSync(join(dir, tool)));
    found.set(key, hit);
  }
  return hit;
}
