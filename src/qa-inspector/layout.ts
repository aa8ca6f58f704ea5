/**
 * Runs ELK (elkjs, the kept layout library) on a machine's chart and keeps the answer per machine: the page lays
 * out each machine once, however many actors run it and however often their state changes.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { AnyStateMachine } from 'xstate';
import { machineRegistry } from '../../machines/registry';
import { chartOfMachine, fromElk, machineOfDefinition, toElkGraph, type LaidOutChart } from './chart';
import type { ActorView } from './model';

/** The current build's machines by id: the charts of actors the stream sent no definition for (recordings). */
const registryById = new Map<string, AnyStateMachine>(machineRegistry.map((e) => [e.machine.id, e.machine]));

export interface ActorMachine {
  /** What the layout is kept under: the definition sent, or the registry's machine id. */
  key: string;
  machine: AnyStateMachine;
  /** Where the chart comes from. */
  from: 'stream' | 'build';
}

/** The machine to draw for an actor: its definition from the stream, else this build's machine of its id. */
export function machineForActor(actor: Pick<ActorView, 'definition' | 'machineId'>): ActorMachine | null {
  if (actor.definition) {
    const machine = machineOfDefinition(actor.definition);
    if (machine) return { key: `stream:${actor.definition}`, machine, from: 'stream' };
  }
  if (actor.machineId) {
    const machine = registryById.get(actor.machineId);
    if (machine) return { key: `build:${actor.machineId}`, machine, from: 'build' };
  }
  return null;
}

let elk: InstanceType<typeof ELK> | null = null;
const layouts = new Map<string, Promise<LaidOutChart>>();

/** The laid-out chart of a machine (ELK layered, hierarchical), computed once per key. */
export function layoutMachine({ key, machine }: ActorMachine): Promise<LaidOutChart> {
  let laid = layouts.get(key);
  if (!laid) {
    const chart = chartOfMachine(machine);
    elk ??= new ELK();
    laid = elk
      .layout(toElkGraph(chart) as Parameters<InstanceType<typeof ELK>['layout']>[0])
      .then((out) => fromElk(chart, out as Parameters<typeof fromElk>[1]));
    laid.catch(() => layouts.delete(key));
    layouts.set(key, laid);
  }
  return laid;
}
