import type { AnyStateMachine } from 'xstate';
import { toastQueueMachine } from './toast/toast-queue.machine';
import { toastMachine } from './toast/toast.machine';

/**
 * Every machine of the app, by the name of its file (`<name>.machine.ts`).
 * The coverage check and the chart generator read this list; a test fails when a
 * `*.machine.ts` file is missing from it.
 */
export const machineRegistry: ReadonlyArray<{ name: string; file: string; machine: AnyStateMachine }> = [
  { name: 'toast', file: 'machines/toast/toast.machine.ts', machine: toastMachine },
  { name: 'toast-queue', file: 'machines/toast/toast-queue.machine.ts', machine: toastQueueMachine },
];
