/**
 * A machine definition's signature ("machine changes break replays; check the config hash"): a short hash
 * of its structure (states, their types and initial states, every transition's event, targets, guard and action
 * names, invokes, entry and exit actions), computed the same way in the page (the recorder writes it per machine id)
 * and by the replay (which says which machines changed since the recording). Implementations (`provide`) are not
 * part of it: a changed guard body diverges without changing the signature.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';

const nameOf = (value: unknown): string => {
  if (typeof value === 'string') return value;
  // A function's own name is the bundler's (minified in a build): never part of the signature.
  if (typeof value === 'function') return 'inline';
  if (typeof value === 'object' && value !== null && 'type' in value) return String((value as { type: unknown }).type);
  return '';
};

const idsOf = (nodes: readonly AnyStateNode[] | undefined) => (nodes ?? []).map((n) => n.id).join(',');

/** FNV-1a, 32 bits, as 8 hex digits: not for security, only to tell two definitions apart. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

export function machineSignature(machine: AnyStateMachine): string {
  const lines: string[] = [];
  const visit = (node: AnyStateNode) => {
    lines.push(`${node.id}|${node.type}|${idsOf(node.initial?.target)}`);
    lines.push(`${node.id}|entry:${node.entry.map(nameOf).join(',')}|exit:${node.exit.map(nameOf).join(',')}`);
    for (const [event, transitions] of node.transitions) {
      for (const t of transitions) {
        const actions = t.actions.map(nameOf).join(',');
        lines.push(
          `${node.id}|on:${event}>${idsOf(t.target)}?${nameOf(t.guard)}!${actions}${t.reenter ? '|reenter' : ''}`,
        );
      }
    }
    for (const t of node.always ?? []) lines.push(`${node.id}|always>${idsOf(t.target)}?${nameOf(t.guard)}`);
    for (const invoke of node.invoke) lines.push(`${node.id}|invoke:${invoke.id}:${nameOf(invoke.src)}`);
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return fnv1a(lines.join('\n'));
}

/** Whether actor logic is a state machine (has a root state node). */
export const isStateMachine = (logic: unknown): logic is AnyStateMachine =>
  typeof logic === 'object' && logic !== null && 'root' in logic && 'transition' in logic;
