// "Did you mean…?": the known name closest to what was typed, when it is close enough to be a typo of it
// (`fecha_de_vencimeinto`, `enviar_xml_firmdo`, `migarte`) rather than another word. Pure.

/**
 * Edit distance with adjacent transpositions (Damerau–Levenshtein, optimal string alignment): a swapped pair of
 * letters — the commonest typing slip — costs one edit, as a missing, extra or wrong letter does.
 */
export function editDistance(a: string, b: string): number {
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, beforePrevious[j - 2] + 1);
      current[j] = d;
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length];
}

/** How many edits still read as a typo of `name`: one in a short word, up to a quarter of a long one (at least 2). */
function typoBudget(name: string): number {
  return name.length < 5 ? 1 : Math.max(2, Math.floor(name.length / 4));
}

/**
 * The names as close to `typed` as any (case ignored), within the typo budget; several when they tie. Empty when
 * none is close: an unrelated word gets no suggestion rather than a wrong one.
 */
export function closestNames(typed: string, names: Iterable<string>): string[] {
  const lower = typed.toLowerCase();
  let best: string[] = [];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const name of names) {
    const distance = editDistance(lower, name.toLowerCase());
    if (distance > typoBudget(name) || distance > bestDistance) continue;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = [];
    }
    best.push(name);
  }
  return best;
}

/** The single closest name, or undefined (none close, or a tie the typo cannot decide). */
export function closestName(typed: string, names: Iterable<string>): string | undefined {
  const found = closestNames(typed, names);
  return found.length === 1 ? found[0] : undefined;
}
