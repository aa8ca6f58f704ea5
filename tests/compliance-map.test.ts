import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRuleMap, type Rule } from '../sandbox/panel/rule-map';
import { createTestApi, PANEL_HEADERS } from '../sandbox/api/test-support';

const MAP = 'docs/compliance.md';
const markdown = readFileSync(MAP, 'utf8');

/**
 * The sources of the regulation's rules (the Brazil reference, section 3 and its December 2026 updates): each must
 * be a rule of the map, met by a feature and proven by a test, or said plainly not to apply.
 */
const SOURCES = [
  'Lei 14.790/2023 art. 26',
  'Portaria SPA/MF 2.217/2025',
  'IN SPA/MF 22/2025',
  'IN SPA/MF 31/2025',
  'Lei 14.790/2023 art. 23',
  'Portaria SPA/MF 2.579/2025',
  'Portaria SPA/MF 1.231/2024 art. 4',
  'Lei 14.790/2023 art. 28',
  'Lei 14.790/2023 art. 15',
  'Portaria SPA/MF 1.231/2024 art. 13',
  'Portaria SPA/MF 1.902/2024',
  'Portaria SPA/MF 1.231/2024 art. 42',
  'Portaria SPA/MF 1.231/2024 art. 43',
  'Lei 14.790/2023 art. 29',
  'Portaria SPA/MF 615/2024',
  'IN SPA/MF 11/2024',
  'Portaria SPA/MF 722/2024',
  'Portaria SPA/MF 827/2024',
  'Portaria SPA/MF 1.207/2024',
  'Portaria SPA/MF 1.231/2024 arts. 26–27',
];

/** The proofs that name a missing file, or words no test title of that file has. */
function brokenProofs(rules: Rule[]): string[] {
  const broken: string[] = [];
  for (const rule of rules) {
    for (const proof of rule.proofs) {
      if (!existsSync(proof.file)) {
        broken.push(`${rule.id}: no file ${proof.file}`);
        continue;
      }
      // The words must be in a test's (or its describe block's) title: on the line that calls it, test or describe,
      // or on the two after it (a title of its own line, an it.each's table), not merely anywhere in the file.
      const lines = readFileSync(proof.file, 'utf8').split('\n');
      const titled = lines.some(
        (line, i) =>
          /\b(it|test|describe)(\.each)?\(/.test(line) &&
          lines
            .slice(i, i + 3)
            .join('\n')
            .includes(proof.title),
      );
      if (!titled) broken.push(`${rule.id}: no test titled “${proof.title}” in ${proof.file}`);
    }
  }
  return broken;
}

describe('the rule map (docs/compliance.md)', () => {
  const rules = parseRuleMap(markdown);

  it('names every source of the regulation at least once', () => {
    const missing = SOURCES.filter((source) => !rules.some((r) => r.source.includes(source)));
    expect(missing).toEqual([]);
  });

  it('gives every rule a feature, and a test or a plain reason', () => {
    for (const rule of rules) {
      expect(rule.feature.length, rule.id).toBeGreaterThan(0);
      expect(rule.proofs.length > 0 || rule.without !== null, rule.id).toBe(true);
    }
    expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length);
  });

  it('names only tests that exist: the file, and a test in it with those words in its title', () => {
    expect(brokenProofs(rules)).toEqual([]);
  });

  it('fails on a rule that names a test that does not exist, and on one with neither test nor reason', () => {
    const row = (proof: string) =>
      `## Rules\n\n| id | rule | source | feature | proof |\n| --- | --- | --- | --- | --- |\n| X1 | r | s | f | ${proof} |\n`;
    expect(brokenProofs(parseRuleMap(row('`e2e/nowhere.spec.ts` “a test that was never written”')))).toEqual([
      'X1: no file e2e/nowhere.spec.ts',
    ]);
    // A real file, but words no test of it has as its title (here: words of a comment of this file).
    expect(brokenProofs(parseRuleMap(row('`tests/compliance-map.test.ts` “The sources of the regulation”')))).toEqual([
      'X1: no test titled “The sources of the regulation” in tests/compliance-map.test.ts',
    ]);
    expect(() => parseRuleMap(row('see the code'))).toThrow(/X1 names no test/);
    expect(parseRuleMap(row('Does not apply: hosting, not the site'))[0]?.without).toMatch(/^Does not apply/);
  });

  it('is served to reviewers by the QA panel, linked from its compliance index', async () => {
    const api = await createTestApi();
    try {
      const index = await api.app.inject({ method: 'GET', url: '/sandbox/compliance', headers: PANEL_HEADERS });
      expect(index.body).toContain('href="/sandbox/compliance/rules"');
      const page = await api.app.inject({ method: 'GET', url: '/sandbox/compliance/rules', headers: PANEL_HEADERS });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('class="error"');
      for (const rule of rules) expect(page.body).toContain(`id="rule-${rule.id}"`);
    } finally {
      await api.close();
    }
  });
});
