import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../machines/registry';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { renderMachineDoc, renderMachineIndex } from '../scripts/lib/machine-docs';

function machineFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return machineFiles(path);
    return entry.endsWith('.machine.ts') ? [relative(process.cwd(), path)] : [];
  });
}

describe('machine registry and charts', () => {
  it('lists every *.machine.ts file, and each has its own test file', () => {
    const files = machineFiles('machines').sort();
    expect(machineRegistry.map((m) => m.file).sort()).toEqual(files);
    for (const file of files) expect(existsSync(file.replace(/\.ts$/, '.test.ts')), file).toBe(true);
  });

  it.each(machineRegistry.map((m) => [m.name, m] as const))('docs/machines/%s.md is up to date', (name, m) => {
    const path = join('docs', 'machines', `${name}.md`);
    expect(existsSync(path), `${path} is missing: run npm run machines:docs`).toBe(true);
    expect(readFileSync(path, 'utf8'), `${path} is stale: run npm run machines:docs`).toBe(
      renderMachineDoc(name, m.file, m.machine),
    );
  });

  it('docs/machines/README.md indexes every machine with what it guarantees', () => {
    expect(readFileSync(join('docs', 'machines', 'README.md'), 'utf8'), 'stale: run npm run machines:docs').toBe(
      renderMachineIndex(machineRegistry),
    );
    for (const m of machineRegistry) expect(m.guarantees.length, m.name).toBeGreaterThan(20);
  });
});

/** Every transition of a machine's definition, read from its state nodes (not from the chart's own edge list). */
function definedTransitions(
  machine: AnyStateMachine,
): Array<{ source: string; event: string; target: string; actions: number }> {
  const nodes = (node: AnyStateNode): AnyStateNode[] => [
    node,
    ...(Object.values(node.states) as AnyStateNode[]).flatMap(nodes),
  ];
  const out: Array<{ source: string; event: string; target: string; actions: number }> = [];
  const short = (id: string) => (id === machine.id ? '(machine)' : id.slice(machine.id.length + 1));
  for (const node of nodes(machine.root)) {
    const all: AnyTransitionDefinition[] = [
      ...[...node.transitions.values()].flat(),
      ...((node.always ?? []) as AnyTransitionDefinition[]),
    ];
    for (const t of all) {
      const event = t.eventType === '' ? 'always' : t.eventType.startsWith('xstate.after.') ? 'after' : t.eventType;
      for (const target of t.target ?? [node])
        out.push({
          source: short(node.id),
          event,
          target: short((target as AnyStateNode).id),
          actions: t.actions.length,
        });
    }
  }
  return out;
}

describe('charts a reviewer can trust', () => {
  it.each(['session', 'pix', 'withdrawal', 'login-modal', 'app'])(
    '%s: the chart shows every transition of the code, always ones included, with its actions',
    (name) => {
      const entry = machineRegistry.find((m) => m.name === name);
      if (!entry) throw new Error(`no machine ${name}`);
      const page = readFileSync(join('docs', 'machines', `${name}.md`), 'utf8');
      const table = page.slice(page.indexOf('## Transitions'), page.indexOf('## States'));
      const rows = table
        .split('\n')
        .filter((line) => line.startsWith('| ') && !line.startsWith('| state') && !line.startsWith('|---'))
        .map((line) => line.slice(2, -2).split(' | '));
      const shown = rows.map(([source, event, , target, actions]) => ({
        source,
        event: event?.startsWith('after ') ? 'after' : event,
        target,
        actions: actions === '—' ? 0 : (actions ?? '').split(', ').length,
      }));
      const defined = definedTransitions(entry.machine);
      expect(shown.length).toBe(defined.length);
      for (const t of defined) expect(shown, JSON.stringify(t)).toContainEqual(t);
      if (name === 'session') {
        // The self-exclusion branch shows that entering it forgets the token.
        expect(page).toMatch(/\| guest\.selfExcluded \| [^|]+ \| [^|]*forgetToken/);
        expect(defined.some((t) => t.event === 'always')).toBe(true);
      }
    },
  );
});
