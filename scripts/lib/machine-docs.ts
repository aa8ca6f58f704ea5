import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { listEdges, type MachineEdge } from '../../tests/toolkit/edges';

/** Mermaid ids may not contain dots; keep them readable. */
const mid = (id: string) => id.replace(/[^A-Za-z0-9_]/g, '_');

function eventLabel(edge: MachineEdge): string {
  if (edge.kind === 'after') return `after ${edge.delay ?? ''}`.trim();
  if (edge.kind === 'done') return edge.event.replace('xstate.done.actor.', 'done: ');
  if (edge.kind === 'error') return edge.event.replace('xstate.error.actor.', 'error: ');
  return edge.event;
}

function renderNode(node: AnyStateNode, edges: MachineEdge[], indent: string, lines: string[]): void {
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length > 0 && node.type !== 'parallel') {
    const initial = (node.config.initial as string | undefined) ?? undefined;
    if (initial) lines.push(`${indent}[*] --> ${mid(`${node.id}.${initial}`)}`);
  }
  for (const child of children) {
    lines.push(`${indent}state "${child.key}" as ${mid(child.id)}`);
    const grandChildren = Object.values(child.states);
    if (grandChildren.length > 0) {
      lines.push(`${indent}state ${mid(child.id)} {`);
      renderNode(child, edges, `${indent}  `, lines);
      lines.push(`${indent}}`);
    }
    if (child.type === 'final') lines.push(`${indent}${mid(child.id)} --> [*]`);
  }
}

export function renderMermaid(machine: AnyStateMachine): string {
  const edges = listEdges(machine);
  const lines = ['stateDiagram-v2'];
  renderNode(machine.root, edges, '  ', lines);
  for (const e of edges) {
    const guard = e.guard ? ` [${e.guard}]` : '';
    lines.push(`  ${mid(e.source)} --> ${mid(e.target)} : ${eventLabel(e)}${guard}`);
  }
  return lines.join('\n');
}

const cell = (s: string) => s.replace(/\|/g, '\\|') || '—';
const short = (machineId: string, stateId: string) =>
  stateId === machineId ? '(machine)' : stateId.slice(machineId.length + 1);

export function renderTransitionTable(machine: AnyStateMachine): string {
  const rows = listEdges(machine).map((e) =>
    [
      short(machine.id, e.source),
      e.kind === 'after' ? `after ${e.delay}` : e.event,
      e.guard ?? '',
      short(machine.id, e.target),
      e.actions.join(', '),
      e.delay ?? '',
    ].map(cell),
  );
  return [
    '| state | event | guard | target | actions | delay |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

/** The whole generated page for `docs/machines/<name>.md`. */
export function renderMachineDoc(name: string, file: string, machine: AnyStateMachine): string {
  const delays = Object.keys((machine.implementations as { delays?: object }).delays ?? {});
  return [
    `# Machine \`${machine.id}\` (${name})`,
    '',
    `Generated from \`${file}\` by \`npm run machines:docs\`. Do not edit by hand: a test fails when this page is stale.`,
    '',
    '```mermaid',
    renderMermaid(machine),
    '```',
    '',
    '## Transitions',
    '',
    renderTransitionTable(machine),
    '',
    delays.length > 0 ? `Named delays: ${delays.map((d) => `\`${d}\``).join(', ')}.\n` : '',
  ].join('\n');
}
