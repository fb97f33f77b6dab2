// Lima's wall clock, the one SUNAT's dates and times are written in, read without ICU. Peru has kept UTC−5 all
// year since 1994 (IANA's tz database: America/Lima's last daylight-saving rule ended on 1994-04-01), so Lima's
// date and time are the UTC ones five hours back. Formatting through Intl.DateTimeFormat with
// `timeZone: 'America/Lima'` loaded ICU's locale and zone data into the process: ~8 MB of resident memory, paid by
// every API process for the issue date and time and the usage counter's month.
// test/core/lima-clock.test.ts compares every function here with ICU's America/Lima over instants spread across
// 1995–2040, so a change in the zone database fails a test rather than shifting a date silently.
const LIMA_OFFSET_MS = -5 * 60 * 60 * 1000;

// The last second written, and its text: an issued document asks for the same second three times (its date, its
// time, the usage counter's month), and so do the requests around it. An invalid instant (NaN) never matches.
let lastSecond = Number.NaN;
let lastIso = '';

/** `YYYY-MM-DDTHH:mm:ss` as Lima's clock shows the instant. */
function limaIso(instant: Date | number): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const second = Math.floor(ms / 1000);
  if (second === lastSecond) return lastIso;
  // toISOString throws a RangeError on an invalid date, as Intl's format() did.
  const iso = new Date(ms + LIMA_OFFSET_MS).toISOString().slice(0, 19);
  lastSecond = second;
  lastIso = iso;
  return iso;
}

/** The calendar date in Lima, YYYY-MM-DD. */
export function limaDateOf(instant: Date | number): string {
  return limaIso(instant).slice(0, 10);
}

/** The time of day in Lima, HH:mm:ss (24-hour). */
export function limaTimeOf(instant: Date | number): string {
  return limaIso(instant).slice(11, 19);
}

/** `YYYY-MM-DD HH:mm:ss` in Lima (FacturadorPro's `Y-m-d H:i:s`). */
export function limaDateTimeOf(instant: Date | number): string {
  const iso = limaIso(instant);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** The instant Lima's calendar month of `instant` began: its first day at 00:00 in Lima (05:00 UTC). */
export function limaMonthStartOf(instant: Date | number): Date {
  const date = limaDateOf(instant);
  return new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, 1) - LIMA_OFFSET_MS);
}
