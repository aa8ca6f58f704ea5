/**
 * The rule map of docs/compliance.md, read for the QA panel (/sandbox/compliance/rules) and for the test that
 * holds it true (tests/compliance-map.test.ts): each rule of the Brazilian betting regulation, its source, the
 * feature that meets it and the tests that prove it, or plainly why it does not apply here.
 *
 * A rule is a row of the table under "## Rules": `| id | rule | source | feature | proof |`. A proof names a test
 * as `` `path/to/file.test.ts` “words of its title” `` (several per cell, apart by `<br>`), or begins with
 * "Does not apply:" / "Not built:" and says why.
 */

export interface RuleProof {
  file: string;
  title: string;
}

export interface Rule {
  id: string;
  rule: string;
  source: string;
  feature: string;
  proofs: RuleProof[];
  /** "Does not apply: …" or "Not built: …", when no test proves the rule. */
  without: string | null;
}

const PROOF = /`([^`]+\.(?:ts|tsx))`\s*“([^”]+)”/g;
const WITHOUT = /^(Does not apply|Not built):\s*\S/;

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/** The rules of the map, in order; a row that cannot be read is an error naming it. */
export function parseRuleMap(markdown: string): Rule[] {
  const start = /^## Rules\b/m.exec(markdown)?.index ?? -1;
  if (start < 0) throw new Error('docs/compliance.md has no "## Rules" section');
  const end = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  const rows = section.split('\n').filter((line) => line.trim().startsWith('|'));
  const rules: Rule[] = [];
  for (const line of rows.slice(2)) {
    const cells = cellsOf(line);
    if (cells.length !== 5) throw new Error(`a rule row has ${cells.length} cells, not 5: ${line.slice(0, 80)}`);
    const [id, rule, source, feature, proof] = cells as [string, string, string, string, string];
    const proofs = [...proof.matchAll(PROOF)].map((m) => ({ file: m[1] as string, title: m[2] as string }));
    const without = proofs.length === 0 && WITHOUT.test(proof) ? proof : null;
    if (proofs.length === 0 && without === null) {
      throw new Error(`rule ${id} names no test and does not say why none applies`);
    }
    rules.push({ id, rule, source, feature, proofs, without });
  }
  return rules;
}

/** Markdown of a cell as plain text (code spans and emphasis dropped, `<br>` as a line break). */
export const plainCell = (text: string) =>
  text
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\*\*([^*]*)\*\*/g, '$1');
