/**
 * Writes docs/machines/<name>.md for every machine of machines/registry.ts.
 * `--check` writes nothing and exits 1 when a page is missing or stale.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { machineRegistry } from '../machines/registry';
import { renderMachineDoc, renderMachineIndex } from './lib/machine-docs';

const check = process.argv.includes('--check');
const dir = join(process.cwd(), 'docs', 'machines');
let stale = 0;
mkdirSync(dir, { recursive: true });
const pages = [
  ...machineRegistry.map(({ name, file, machine }) => ({
    name,
    path: join(dir, `${name}.md`),
    page: renderMachineDoc(name, file, machine),
  })),
  { name: 'README', path: join(dir, 'README.md'), page: renderMachineIndex(machineRegistry) },
];
for (const { name, path, page } of pages) {
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (current === page) continue;
  if (check) {
    stale += 1;
    console.error(`stale: docs/machines/${name}.md (run npm run machines:docs)`);
  } else {
    writeFileSync(path, page);
    console.log(`wrote docs/machines/${name}.md`);
  }
}
if (check && stale > 0) process.exit(1);
console.log(check ? 'machine charts are up to date' : `${machineRegistry.length} machine chart(s) checked`);
