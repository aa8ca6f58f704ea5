import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { listEdges, type MachineEdge } from '../../tests/toolkit/edges';

/** Mermaid ids may not contain dots; keep them readable. */
const mid = (id: string) => id.replace(/[^A-Za-z0-9_]/g, '_');

function eventLabel(edge: MachineEdge): string {
  if (edge.kind === 'always') return 'always';
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
    const actions = e.actions.length > 0 ? ` / ${e.actions.join(', ')}` : '';
    lines.push(`  ${mid(e.source)} --> ${mid(e.target)} : ${eventLabel(e)}${guard}${actions}`);
  }
  for (const node of allNodes(machine.root)) {
    const facts = stateFacts(node);
    const note = [
      facts.entry.length ? `entry: ${facts.entry.join(', ')}` : '',
      facts.exit.length ? `exit: ${facts.exit.join(', ')}` : '',
      facts.invokes.length ? `invokes: ${facts.invokes.join(', ')}` : '',
    ].filter(Boolean);
    if (note.length > 0 && node !== machine.root) lines.push(`  note right of ${mid(node.id)} : ${note.join(' · ')}`);
  }
  return lines.join('\n');
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...(Object.values(node.states) as AnyStateNode[]).flatMap(allNodes)];
}

const nameOf = (a: unknown): string => {
  if (typeof a === 'string') return a;
  if (typeof a === 'function') return (a as { type?: string }).type ?? (a.name || 'inline action');
  if (a && typeof a === 'object' && 'type' in a) return String((a as { type: unknown }).type);
  return 'action';
};

/** What a state does on its own: entry and exit actions, invoked actors (with their systemId), its type. */
export function stateFacts(node: AnyStateNode): { entry: string[]; exit: string[]; invokes: string[]; type: string } {
  const invokes = (node.invoke as Array<{ id: string; src: unknown; systemId?: string }>).map((i) => {
    const src =
      typeof i.src === 'string'
        ? i.src
        : ((i.src as { id?: string; config?: { id?: string } } | undefined)?.config?.id ?? i.id);
    return `${src}${i.systemId ? ` (systemId ${i.systemId})` : ''}`;
  });
  return {
    entry: (node.entry as unknown[]).map(nameOf),
    exit: (node.exit as unknown[]).map(nameOf),
    invokes,
    type: node.type,
  };
}

export function renderStateTable(machine: AnyStateMachine): string {
  const rows = allNodes(machine.root).map((node) => {
    const f = stateFacts(node);
    return [short(machine.id, node.id), f.type, f.entry.join(', '), f.exit.join(', '), f.invokes.join(', ')].map(cell);
  });
  return [
    '| state | type | entry | exit | invokes |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

const cell = (s: string) => s.replace(/\|/g, '\\|') || '—';
const short = (machineId: string, stateId: string) =>
  stateId === machineId ? '(machine)' : stateId.slice(machineId.length + 1);

export function renderTransitionTable(machine: AnyStateMachine): string {
  const rows = listEdges(machine).map((e) =>
    [
      short(machine.id, e.source),
      e.kind === 'after' ? `after ${e.delay}` : e.kind === 'always' ? 'always' : e.event,
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
    'Every transition of the code, `always` (eventless) ones included, with its guard, actions and delay.',
    '',
    renderTransitionTable(machine),
    '',
    '## States',
    '',
    'What each state does on entry and exit, and the actors it invokes while active.',
    '',
    renderStateTable(machine),
    '',
    delays.length > 0 ? `Named delays: ${delays.map((d) => `\`${d}\``).join(', ')}.\n` : '',
  ].join('\n');
}

/** `docs/machines/README.md`: the reviewer's index, one line a machine on what it guarantees. */
export function renderMachineIndex(
  entries: ReadonlyArray<{ name: string; file: string; machine: AnyStateMachine; guarantees: string }>,
): string {
  return [
    "# Machines: the reviewer's index",
    '',
    'Generated from `machines/registry.ts` by `npm run machines:docs`. Each chart shows every transition of the code',
    "(`always` included), its guards, delays and actions, and each state's entry and exit actions and invoked actors.",
    "Coverage (`npm run machines:coverage`) counts every edge, `always` included, taken by the machine's own stories.",
    '',
    '| machine | file | what it guarantees |',
    '|---|---|---|',
    ...entries.map((e) => `| [\`${e.machine.id}\`](${e.name}.md) | \`${e.file}\` | ${cell(e.guarantees)} |`),
    '',
  ].join('\n');
}
