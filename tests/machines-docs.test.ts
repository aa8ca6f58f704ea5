import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../machines/registry';
import { renderMachineDoc } from '../scripts/lib/machine-docs';

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
});
