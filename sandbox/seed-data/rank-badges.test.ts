/**
 * §2.3: every seeded ranking level has its badge at public/assets/images/ranks/{level}.webp, a real WebP
 * file (RIFF…WEBP, written by scripts/rank-badges.ts), level 1 included (the app's fallback).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rankBadgeSvg } from '../../scripts/lib/rank-badge-art';
import { RANKING_LEVELS } from './catalogue';

const dir = resolve(import.meta.dirname, '../../public/assets/images/ranks');

describe('ranking badges', () => {
  it.each(RANKING_LEVELS.map((l) => l.level))('level %i has a real WebP badge', (level) => {
    const file = resolve(dir, `${level}.webp`);
    expect(existsSync(file)).toBe(true);
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(bytes.readUInt32LE(4) + 8).toBe(bytes.length);
  });

  it('each level has its own medal art', () => {
    const svgs = RANKING_LEVELS.map((l) => rankBadgeSvg(l.level));
    expect(new Set(svgs).size).toBe(svgs.length);
    for (const svg of svgs) expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it('every level has its perks, cumulative', () => {
    RANKING_LEVELS.forEach((l, i) => {
      expect(l.perks.length).toBeGreaterThan(0);
      if (i > 0) expect(l.perks).toEqual(expect.arrayContaining(RANKING_LEVELS[i - 1]!.perks));
    });
  });
});
