/**
 * Writes docs/machines/<name>.md for every machine of machines/registry.ts.
 * `--check` writes nothing and exits 1 when a page is missing or stale.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { machineRegistry } from '../machines/registry';
import { renderMachineDoc } from './lib/machine-docs';

const check = process.argv.includes('--check');
const dir = join(process.cwd(), 'docs', 'machines');
let stale = 0;
mkdirSync(dir, { recursive: true });
for (const { name, file, machine } of machineRegistry) {
  const path = join(dir, `${name}.md`);
  const page = renderMachineDoc(name, file, machine);
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
