// pdfkit's standard 14 fonts (Helvetica…) are written with WinAnsiEncoding (Windows-1252). It covers every
// character a Peruvian document needs — á é í ó ú ñ Ñ ü ° º ª ¿ ¡ — “ ” ‘ ’ € … • — so no font file is
// embedded. A character outside it would print as a wrong glyph, so text is folded into that set first.

/** Unicode code points above U+00FF that Windows-1252 has (pdfkit's WIN_ANSI_MAP keys). */
const CP1252_EXTRAS = new Set([
  0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017d, 0x017e, 0x0192, 0x02c6, 0x02dc, 0x2013, 0x2014, 0x2018, 0x2019,
  0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

const REPLACEMENTS: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '—',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u201b': "'",
  '\u201f': '"',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u2190': '<-',
  '\u2192': '->',
  '\u2713': 'v',
  '\u2714': 'v',
  '\u00a0': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u200b': '',
  '\u2116': 'N°',
};

function encodable(cp: number): boolean {
  return (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || CP1252_EXTRAS.has(cp);
}

/**
 * Folds text into what WinAnsi can print: known look-alikes are replaced, accented letters outside Latin-1
 * lose their accent (ă → a), tabs and line breaks become spaces, other control characters are dropped and
 * anything else becomes "?".
 */
export function toWinAnsi(text: string): string {
  const normalized = text.normalize('NFC');
  let out = '';
  for (const ch of normalized) {
    const cp = ch.codePointAt(0)!;
    if (encodable(cp)) {
      out += ch;
      continue;
    }
    if (cp === 0x09 || cp === 0x0a || cp === 0x0d) {
      out += ' ';
      continue;
    }
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
    const replacement = REPLACEMENTS[ch];
    if (replacement !== undefined) {
      out += replacement;
      continue;
    }
    const stripped = ch.normalize('NFD').replace(/\p{M}/gu, '');
    out += stripped.length > 0 && [...stripped].every((c) => encodable(c.codePointAt(0)!)) ? stripped : '?';
  }
  return out;
}
