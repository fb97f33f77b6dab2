// Phone numbers for WhatsApp (E.164 digits, no '+'). Peru: 51 + 9 digits, mobiles start with 9; a bare
// 9-digit mobile gets its 51. Other countries: 8–15 digits as given.
export type PhoneResult = { ok: true; number: string } | { ok: false; message: string };

export function normalizePhone(raw: string): PhoneResult {
  const digits = raw
    .replace(/[\s().-]/g, '')
    .replace(/^\+/, '')
    .replace(/^00/, '');
  if (!/^\d+$/.test(digits))
    return { ok: false, message: 'El número solo puede tener dígitos (y opcionalmente +, espacios o guiones).' };
  if (/^9\d{8}$/.test(digits)) return { ok: true, number: `51${digits}` };
  if (digits.startsWith('51')) {
    return /^519\d{8}$/.test(digits)
      ? { ok: true, number: digits }
      : { ok: false, message: 'Un número peruano es 51 seguido de 9 dígitos que empiezan con 9 (p. ej. 51987654321).' };
  }
  if (/^[1-9]\d{7,14}$/.test(digits)) return { ok: true, number: digits };
  return { ok: false, message: 'Número de WhatsApp inválido: use el formato internacional (p. ej. 51987654321).' };
}
