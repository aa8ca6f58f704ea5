import type { AnyStateMachine } from 'xstate';
import { machineRegistry } from './registry';

/**
 * The machines of this build by machine id (`machine.id`), for a replay of a QA recording (src/lib/recording/
 * replay.ts): the recording names each actor's machine by its id.
 */
export function machinesById(): Map<string, AnyStateMachine> {
  const byId = new Map<string, AnyStateMachine>();
  for (const { machine } of machineRegistry) byId.set(machine.id, machine);
  return byId;
}
