import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'vitest';
import type { AnyStateNode, AnyTransitionDefinition, InspectionEvent } from 'xstate';
import { edgeIdsOfTransition } from './edges';

/** Where machine tests leave the edges they took; `npm run machines:coverage` reads it. */
export const coverageDir = process.env.MACHINE_COVERAGE_DIR ?? join(process.cwd(), '.machine-coverage');

/**
 * Who took an edge: a hand-written `story` (the spec's words, expectations written by hand), or a generated
 * `path` test (reachability checks whose edges are reported apart). Only a machine's own stories count toward its
 * coverage; path tests are reported beside them.
 */
export type CoverageSource = 'story' | 'path';

/** machine id → test file (relative) → source → edge ids. */
export type CoverageRecord = Record<string, Record<string, Partial<Record<CoverageSource, string[]>>>>;

const taken = new Map<string, Set<string>>();
const fileOfThisModule = `${process.pid}-${randomUUID()}.json`;

const key = (machineId: string, testFile: string, source: CoverageSource) =>
  JSON.stringify([machineId, testFile, source]);

function persist(): void {
  mkdirSync(coverageDir, { recursive: true });
  const data: CoverageRecord = {};
  for (const [k, ids] of taken) {
    const [machineId, testFile, source] = JSON.parse(k) as [string, string, CoverageSource];
    ((data[machineId] ??= {})[testFile] ??= {})[source] = [...ids].sort();
  }
  writeFileSync(join(coverageDir, fileOfThisModule), JSON.stringify(data));
}

/** The test file running now, relative to the project (vitest knows it). */
function currentTestFile(): string {
  const path = expect.getState().testPath;
  return path ? relative(process.cwd(), path).split('\\').join('/') : 'unknown';
}

export function recordTransitions(
  transitions: readonly AnyTransitionDefinition[],
  source: CoverageSource = 'story',
): void {
  let changed = false;
  const testFile = currentTestFile();
  for (const t of transitions) {
    const machineId = (t.source as AnyStateNode).machine.id;
    const k = key(machineId, testFile, source);
    const set = taken.get(k) ?? new Set<string>();
    taken.set(k, set);
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
export function coverageInspect(event: InspectionEvent, source: CoverageSource = 'story'): void {
  if (event.type !== '@xstate.microstep') return;
  recordTransitions((event as unknown as { _transitions: AnyTransitionDefinition[] })._transitions, source);
}
