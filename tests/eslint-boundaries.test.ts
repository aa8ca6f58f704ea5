import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { boundaryProblem } from '../eslint-rules/boundaries.js';

const r = (p: string) => resolve(process.cwd(), p);

describe('import boundaries (eslint local/boundaries)', () => {
  it('refuses imports across features, from ui into features, between app and sandbox, and from machines into src', () => {
    expect(boundaryProblem(r('src/features/wallet/page.tsx'), r('src/features/session/form'))).toMatch(
      /features do not import/,
    );
    expect(boundaryProblem(r('src/ui/button.tsx'), r('src/features/wallet/x'))).toMatch(/src\/ui/);
    expect(boundaryProblem(r('src/app/app.tsx'), r('sandbox/config'))).toMatch(/never imports the sandbox/);
    expect(boundaryProblem(r('sandbox/api/app.ts'), r('src/lib/api/client'))).toMatch(/never imports src/);
    expect(boundaryProblem(r('machines/pix/pix.machine.ts'), r('src/lib/api/client'))).toMatch(/machines/);
  });

  it('keeps the app and the sandbox apart, test files included, and shared/ neutral', () => {
    expect(boundaryProblem(r('sandbox/api/handlers/auth.ts'), r('src/lib/cpf'))).toMatch(/sandbox never imports src/);
    expect(boundaryProblem(r('sandbox/api/handlers/auth.ts'), r('machines/kernel/money'))).toMatch(
      /sandbox never imports machines/,
    );
    expect(boundaryProblem(r('sandbox/api/auth.test.ts'), r('src/lib/api/client'))).toMatch(
      /sandbox never imports src/,
    );
    expect(boundaryProblem(r('machines/pix/pix.machine.ts'), r('sandbox/pix/bank'))).toMatch(
      /never imports the sandbox/,
    );
    expect(boundaryProblem(r('machines/pix/pix.machine.test.ts'), r('sandbox/pix/bank'))).toMatch(
      /never imports the sandbox/,
    );
    expect(boundaryProblem(r('src/app/wallet.test.ts'), r('sandbox/config'))).toMatch(/never imports the sandbox/);
    for (const target of ['src/lib/cpf', 'machines/kernel/money', 'sandbox/api/rules/person', 'tests/helpers']) {
      expect(boundaryProblem(r('shared/money.ts'), r(target))).toMatch(/shared\/ imports neither/);
    }
    expect(boundaryProblem(r('machines/site/site.types.ts'), r('src/lib/api/client'))).toMatch(/machines/);
    expect(boundaryProblem(r('machines/kernel/api-error.ts'), r('machines/session/session.types'))).toMatch(/kernel/);
  });

  it("keeps the sandbox's layers pointing one way: domain below API below QA panel", () => {
    expect(boundaryProblem(r('sandbox/pix/bank.ts'), r('sandbox/api/audit'))).toMatch(/sandbox\/pix\) imports neither/);
    expect(boundaryProblem(r('sandbox/money/ledger.ts'), r('sandbox/panel/live'))).toMatch(/imports neither/);
    expect(boundaryProblem(r('sandbox/api/app.ts'), r('sandbox/panel/routes'))).toMatch(/never imports the QA panel/);
    expect(boundaryProblem(r('sandbox/api/chat.ts'), r('sandbox/panel/live'))).toMatch(/never imports the QA panel/);
    expect(boundaryProblem(r('sandbox/panel/routes.ts'), r('sandbox/api/faults'))).toBeUndefined();
    expect(boundaryProblem(r('sandbox/api/handlers/wallet.ts'), r('sandbox/pix/bank'))).toBeUndefined();
    expect(boundaryProblem(r('sandbox/platform.ts'), r('sandbox/panel/routes'))).toBeUndefined();
    expect(boundaryProblem(r('sandbox/api/notifications.test.ts'), r('sandbox/panel/notifications'))).toBeUndefined();
  });

  it('allows what the architecture allows', () => {
    expect(boundaryProblem(r('src/features/wallet/page.tsx'), r('src/features/wallet/form'))).toBeUndefined();
    expect(boundaryProblem(r('src/features/wallet/page.tsx'), r('src/ui/button'))).toBeUndefined();
    expect(boundaryProblem(r('machines/site/site.types.ts'), r('shared/api/schema'))).toBeUndefined();
    expect(boundaryProblem(r('src/lib/api/client.ts'), r('shared/api/schema'))).toBeUndefined();
    expect(boundaryProblem(r('sandbox/api/handlers/auth.ts'), r('shared/cpf'))).toBeUndefined();
    expect(boundaryProblem(r('shared/money.ts'), r('shared/cpf'))).toBeUndefined();
    expect(boundaryProblem(r('machines/pix/pix.machine.ts'), r('machines/kernel/api-error'))).toBeUndefined();
    expect(boundaryProblem(r('machines/kernel/money.ts'), r('shared/money'))).toBeUndefined();
    expect(boundaryProblem(r('src/app/app.tsx'), r('machines/toast/toast.machine'))).toBeUndefined();
  });

  it('is wired in eslint.config.js: a probe file in shared/, sandbox/ and machines/ gets the errors', async () => {
    const eslint = new ESLint({ cwd: process.cwd() });
    const lint = async (file: string, code: string) =>
      (await eslint.lintText(code, { filePath: r(file) })).flatMap((result) => result.messages.map((m) => m.message));
    expect(await lint('shared/probe.ts', "export { ApiError } from '../src/lib/api/errors';\n")).toContainEqual(
      expect.stringMatching(/shared\/ imports neither/),
    );
    expect(await lint('sandbox/probe.ts', "export { checkAmount } from '../machines/kernel/money';\n")).toContainEqual(
      expect.stringMatching(/sandbox never imports machines/),
    );
    expect(
      await lint('machines/kernel/probe.ts', "export { TX_STATUS } from '../../sandbox/pix/bank';\n"),
    ).toContainEqual(expect.stringMatching(/never imports the sandbox/));
    expect(await lint('sandbox/probe.ts', "export { isValidCpf } from '../shared/cpf';\n")).toEqual([]);
  }, 60_000); // loading the whole ESLint config (typescript-eslint, React plugins) takes seconds on a busy machine
});
