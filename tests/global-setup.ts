import { rmSync } from 'node:fs';
import { coverageDir } from './toolkit/coverage-recorder';

/** Each vitest run starts with no recorded machine coverage. */
export default function setup(): void {
  rmSync(coverageDir, { recursive: true, force: true });
}
