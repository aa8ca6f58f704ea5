/**
 * Faults on demand: a chosen contract operation answered with a chosen status, after a chosen delay, a number of
 * times or until cleared (set from the QA panel, panel/faults.ts). A fault answers before the operation's handler
 * runs, so nothing of the request is written. Every call to a faulted operation is counted, so a test can tell a
 * retried read from a write sent once.
 */

export interface Fault {
  operationId: string;
  /** The status to answer; null: only the delay, then the operation runs as usual. */
  status: number | null;
  delayMs: number;
  /** How many more calls it answers; null: until cleared. */
  remaining: number | null;
  /** Calls it has answered (or delayed) so far. */
  hits: number;
}

export interface FaultTable {
  set(fault: Omit<Fault, 'hits'>): void;
  clear(operationId?: string): void;
  list(): Fault[];
  /** The fault for this call, counted and used up; undefined when the operation has none. */
  take(operationId: string): Fault | undefined;
}

export function createFaultTable(): FaultTable {
  const faults = new Map<string, Fault>();
  return {
    set: (fault) => void faults.set(fault.operationId, { ...fault, hits: 0 }),
    clear: (operationId) => (operationId === undefined ? faults.clear() : void faults.delete(operationId)),
    list: () => [...faults.values()].map((f) => ({ ...f })),
    take(operationId) {
      const fault = faults.get(operationId);
      if (!fault) return undefined;
      fault.hits += 1;
      if (fault.remaining !== null) {
        fault.remaining -= 1;
        if (fault.remaining <= 0) faults.delete(operationId);
      }
      return { ...fault };
    },
  };
}
