import {
  createActor,
  SimulatedClock,
  type AnyStateMachine,
  type ActorOptions,
  type InspectionEvent,
  type Observer,
} from 'xstate';
import { coverageInspect, type CoverageSource } from './coverage-recorder';

/**
 * `createActor` for tests: a simulated clock (advance it with `clock.increment(ms)`)
 * and the coverage recorder attached, so every transition the test takes is counted.
 */
export function createTestActor<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: ActorOptions<TMachine> & {
    inspect?: Observer<InspectionEvent> | ((e: InspectionEvent) => void);
    /** Generated path tests pass 'path': their edges are reported, not counted. */
    coverageSource?: CoverageSource;
  } = {},
) {
  const clock = new SimulatedClock();
  const { inspect: userInspect, coverageSource = 'story', ...rest } = options;
  const actor = createActor(machine, {
    ...(rest as ActorOptions<TMachine>),
    clock,
    inspect: (event: InspectionEvent) => {
      coverageInspect(event, coverageSource);
      if (typeof userInspect === 'function') userInspect(event);
      else userInspect?.next?.(event);
    },
  });
  return { actor: actor.start(), clock };
}
