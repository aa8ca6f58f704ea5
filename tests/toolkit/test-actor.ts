import {
  createActor,
  SimulatedClock,
  type AnyStateMachine,
  type ActorOptions,
  type InspectionEvent,
  type Observer,
} from 'xstate';
import { coverageInspect } from './coverage-recorder';

/**
 * `createActor` for tests: a simulated clock (advance it with `clock.increment(ms)`)
 * and the coverage recorder attached, so every transition the test takes is counted.
 */
export function createTestActor<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ActorOptions<TMachine> & { inspect?: Observer<InspectionEvent> | ((e: InspectionEvent) => void) } = {},
) {
  const clock = new SimulatedClock();
  const userInspect = options.inspect;
  const actor = createActor(machine, {
    ...options,
    clock,
    inspect: (event: InspectionEvent) => {
      coverageInspect(event);
      if (typeof userInspect === 'function') userInspect(event);
      else userInspect?.next?.(event);
    },
  });
  return { actor: actor.start(), clock };
}
