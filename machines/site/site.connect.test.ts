import { describe, expect, it } from 'vitest';
import { siteConfigFixture } from '../../tests/shell/site-config.fixture';
import { brandCssVariables, connectOperator, prefersDarkText, relativeLuminance } from './site.connect';

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

describe('text on brand colours (WCAG contrast)', () => {
  it.each([
    ['Sorte Verde green', '#1FA95B', true],
    ['Azul Bet blue', '#1E6FFF', true],
    ['Sorte Verde yellow', '#F2C230', true],
    ['a dark grey', '#7C7F87', true],
    ['a deep blue', '#1A3A8A', false],
    ['black', '#000000', false],
    ['white', '#FFFFFF', true],
  ])('%s (%s): dark text %s, and the chosen text reaches 4.5:1', (_, hex, dark) => {
    expect(prefersDarkText(hex)).toBe(dark);
    const luminance = relativeLuminance(hex)!;
    expect(contrast(luminance, dark ? 0 : 1)).toBeGreaterThanOrEqual(4.5);
  });

  it('a value that is not #rrggbb keeps white text', () => {
    expect(prefersDarkText('red')).toBe(false);
    expect(relativeLuminance('nope')).toBeNull();
  });
});

describe('box colours', () => {
  it('each box colour comes with the text that reads on it, black or white', () => {
    const config = siteConfigFixture();
    const boxColors = { ...config.boxColors, red: '#B71C1C', yellow: '#FDD835' };
    const vars = brandCssVariables({ ...config, boxColors });
    expect(vars['--box-red']).toBe('#B71C1C');
    expect(vars['--on-box-red']).toBe('#ffffff');
    expect(vars['--on-box-yellow']).toBe('#000000');
    for (const [tier, hex] of Object.entries(boxColors)) {
      const dark = vars[`--on-box-${tier}`] === '#000000';
      expect(contrast(relativeLuminance(hex)!, dark ? 0 : 1), tier).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('the operator identity (Lei 14.790/2023 art. 15)', () => {
  it('a regulated brand: company name, CNPJ, portaria and date, address, SAC and ouvidoria, and the two public links', () => {
    expect(connectOperator(siteConfigFixture())).toEqual({
      companyName: 'Sorte Verde Entretenimento Ltda.',
      cnpj: '12.345.678/0001-95',
      authorisation: { portaria: 'Portaria SPA/MF nº 2.090', date: '2024-12-31' },
      address: 'Av. Paulista, 1000, 10º andar, Bela Vista, São Paulo – SP, 01310-100',
      contacts: [
        { kind: 'sac', value: '0800 123 4567', href: 'tel:08001234567' },
        { kind: 'sac', value: 'sac@sorteverde.example', href: 'mailto:sac@sorteverde.example' },
        { kind: 'ouvidoria', value: '0800 765 4321', href: 'tel:08007654321' },
        { kind: 'ouvidoria', value: 'ouvidoria@sorteverde.example', href: 'mailto:ouvidoria@sorteverde.example' },
      ],
      regulated: true,
      links: { consumidor: 'https://www.consumidor.gov.br/', selfExclusion: 'https://www.gov.br/autoexclusaoapostas' },
    });
  });

  it('an unregulated brand shows what it has: no authorisation, no CNPJ, only the contacts it gives', () => {
    const vm = connectOperator(
      siteConfigFixture({
        is_regulated: false,
        operator: {
          company_name: 'Azul Bet Gaming N.V.',
          cnpj: null,
          authorisation: null,
          address: null,
          sac: { phone: null, email: 'suporte@azulbet.example' },
          ouvidoria: { phone: null, email: null },
        },
      }),
    );
    expect(vm).toMatchObject({
      companyName: 'Azul Bet Gaming N.V.',
      cnpj: null,
      authorisation: null,
      address: null,
      regulated: false,
    });
    expect(vm.contacts).toEqual([
      { kind: 'sac', value: 'suporte@azulbet.example', href: 'mailto:suporte@azulbet.example' },
    ]);
  });
});
