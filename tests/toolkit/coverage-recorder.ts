import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate';
import { edgeIdsOfTransition } from './edges';

/** Where machine tests leave the edges they took; `npm run machines:coverage` reads it. */
export const coverageDir = process.env.MACHINE_COVERAGE_DIR ?? join(process.cwd(), '.machine-coverage');

const taken = new Map<string, Set<string>>();
const fileOfThisModule = `${process.pid}-${randomUUID()}.json`;

function persist(): void {
  mkdirSync(coverageDir, { recursive: true });
  const data = Object.fromEntries([...taken].map(([machine, ids]) => [machine, [...ids].sort()]));
  writeFileSync(join(coverageDir, fileOfThisModule), JSON.stringify(data));
}

export function recordTransitions(transitions: readonly AnyTransitionDefinition[]): void {
  let changed = false;
  for (const t of transitions) {
    const machineId = (t.source as AnyStateNode).machine.id;
    const set = taken.get(machineId) ?? new Set<string>();
    taken.set(machineId, set);
    for (const id of edgeIdsOfTransition(t)) {
      if (!set.has(id)) {
        set.add(id);
        changed = true;
      }
    }
  }
  if (changed) persist();
}

/** An `inspect` observer that records every transition any actor of the system takes. */
export function coverageInspect(event: InspectionEvent): void {
  if (event.type !== '@xstate.microstep') return;
  recordTransitions((event as unknown as { _transitions: AnyTransitionDefinition[] })._transitions);
}
