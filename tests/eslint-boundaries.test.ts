import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundaryProblem } from '../eslint-rules/boundaries.js';

const r = (p: string) => resolve(process.cwd(), p);

describe('import boundaries (eslint local/boundaries)', () => {
  it('refuses imports across features, from ui into features, between app and sandbox, and from machines into src', () => {
    expect(boundaryProblem(r('src/features/wallet/page.tsx'), r('src/features/session/form'))).toMatch(/features do not import/);
    expect(boundaryProblem(r('src/ui/button.tsx'), r('src/features/wallet/x'))).toMatch(/src\/ui/);
    expect(boundaryProblem(r('src/app/app.tsx'), r('sandbox/config'))).toMatch(/never imports the sandbox/);
    expect(boundaryProblem(r('sandbox/api/app.ts'), r('src/lib/api/client'))).toMatch(/never imports src/);
    expect(boundaryProblem(r('machines/pix/pix.machine.ts'), r('src/lib/api/client'))).toMatch(/machines/);
  });

  it('allows what the architecture allows', () => {
    expect(boundaryProblem(r('src/features/wallet/page.tsx'), r('src/features/wallet/form'))).toBeUndefined();
    expect(boundaryProblem(r('src/features/wallet/page.tsx'), r('src/ui/button'))).toBeUndefined();
    expect(boundaryProblem(r('machines/site/site.types.ts'), r('src/lib/api/schema'))).toBeUndefined();
    expect(boundaryProblem(r('src/app/app.tsx'), r('machines/toast/toast.machine'))).toBeUndefined();
  });
});
