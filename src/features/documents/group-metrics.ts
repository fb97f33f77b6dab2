// How much the group commits share (pipeline/numbering-queue.ts, pipeline/outcome-store.ts): statements run and the
// documents they carried, per queue, on /metrics. Items over statements is the mean group; near 1 nothing is shared.
// And the numbering queue's builds ahead: how many guessed their number.
import { Counter, type Registry } from 'prom-client';
import type { GroupTotals } from '../../platform/db/group-commit.ts';
import { buildsAhead, numberingTotals } from '../../pipeline/numbering-queue.ts';
import { outcomeTotals } from '../../pipeline/outcome-store.ts';

const QUEUES: Record<string, GroupTotals> = { numbering: numberingTotals, outcomes: outcomeTotals };

function counterOf(registry: Registry, name: string, help: string, field: keyof GroupTotals): void {
  new Counter({
    name,
    help,
    labelNames: ['queue'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [queue, totals] of Object.entries(QUEUES)) this.inc({ queue }, totals[field]);
    },
  });
}

export function installGroupCommitMetrics(registry: Registry): void {
  counterOf(
    registry,
    'facturo_group_commit_statements_total',
    'Statements the group commits ran ("#" numbering, SUNAT answers)',
    'statements',
  );
  counterOf(registry, 'facturo_group_commit_items_total', 'Documents those statements carried', 'items');
  new Counter({
    name: 'facturo_numbering_builds_ahead_total',
    help: 'Documents built while waiting for their "#" number: "used" had guessed it, "dropped" had not',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ outcome: 'used' }, buildsAhead.used);
      this.inc({ outcome: 'dropped' }, buildsAhead.started - buildsAhead.used);
    },
  });
}
