import { describe, expect, it } from 'vitest';
import { siteConfigFixture } from '../../tests/shell/site-config.fixture';
import { brandCssVariables, prefersDarkText, relativeLuminance } from './site.connect';

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
