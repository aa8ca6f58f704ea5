import { describe, expect, it } from 'vitest';
import type { Schema } from '../../shared/api/types';
import { offeredBanners, offeredByRules, REGULATED_RULE_TEXT } from './regulated';
import en from '../../src/i18n/en.json';
import ptBR from '../../src/i18n/pt-BR.json';

function banner(id: number, bonus_kind?: Schema<'Banner'>['bonus_kind']): Schema<'Banner'> {
  return {
    id,
    title: `Banner ${id}`,
    image: 'data:image/svg+xml,x',
    image_mobile: 'data:image/svg+xml,x',
    link: '/bonus',
    position: 'home',
    order: id,
    ...(bonus_kind === undefined ? {} : { bonus_kind }),
  };
}

describe('offeredBanners (a regulated brand does not offer deposit or advance bonuses)', () => {
  const all = [banner(1, 'deposit'), banner(2), banner(3, null), banner(4, 'advance')];

  it('a brand that is not regulated shows every banner and hides none', () => {
    const offered = offeredBanners(all, false);
    expect(offered.banners.map((b) => b.id)).toEqual([1, 2, 3, 4]);
    expect(offered.hidden).toEqual([]);
  });

  it('a regulated brand hides the deposit and the advance bonus, each with its rule, and keeps the order of the rest', () => {
    const offered = offeredBanners(all, true);
    expect(offered.banners.map((b) => b.id)).toEqual([2, 3]);
    expect(offered.hidden).toEqual([
      { id: 1, title: 'Banner 1', rule: 'deposit' },
      { id: 4, title: 'Banner 4', rule: 'advance' },
    ]);
  });

  it('a regulated brand with no bonus banner hides nothing; an empty list stays empty', () => {
    expect(offeredBanners([banner(2), banner(3, null)], true).hidden).toEqual([]);
    expect(offeredBanners([], true)).toEqual({ banners: [], hidden: [] });
  });

  it('does not change the list it is given', () => {
    const list = [banner(1, 'deposit')];
    offeredBanners(list, true);
    expect(list).toHaveLength(1);
  });

  it('each rule names its legal source in both catalogues', () => {
    expect(ptBR[REGULATED_RULE_TEXT.advance as keyof typeof ptBR]).toContain('Lei 14.790/2023, art. 29');
    expect(en[REGULATED_RULE_TEXT.advance as keyof typeof en]).toContain('Lei 14.790/2023, art. 29');
    expect(ptBR[REGULATED_RULE_TEXT.deposit as keyof typeof ptBR]).toContain('art. 42');
    expect(en[REGULATED_RULE_TEXT.deposit as keyof typeof en]).toContain('art. 42');
  });
});

describe('offeredByRules (promotions on a regulated brand)', () => {
  const items = [
    { slug: 'a', bonusKind: null },
    { slug: 'b', bonusKind: 'deposit' as const },
    { slug: 'c', bonusKind: 'advance' as const },
  ];
  it('offers everything on a brand that is not regulated', () => {
    expect(offeredByRules(items, false, ['deposit'])).toEqual({ offered: items, rules: [] });
  });
  it('keeps deposit bonuses and advances off a regulated brand and names each rule once', () => {
    expect(offeredByRules(items, true)).toEqual({ offered: [items[0]], rules: ['deposit', 'advance'] });
    expect(offeredByRules([items[0]!], true, ['deposit'])).toEqual({ offered: [items[0]], rules: ['deposit'] });
  });
});
