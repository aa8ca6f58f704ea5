import { describe, expect, it } from 'vitest';
import { buildManifest, iconSetsIn } from './web-manifest';

const sets = new Set(['sorteverde', 'azulbet', 'default']);

describe('web app manifest per brand', () => {
  it("takes the brand's names, colours and icon set (a 512 px maskable icon among them)", () => {
    const m = buildManifest(
      {
        siteName: 'Azul Bet',
        siteTitle: 'Azul Bet · Cassino',
        slugTitle: 'azulbet',
        colors: { background: '#0B1630' },
      },
      sets,
    );
    expect(m).toMatchObject({
      name: 'Azul Bet · Cassino',
      short_name: 'Azul Bet',
      display: 'standalone',
      start_url: '/',
      theme_color: '#0B1630',
      background_color: '#0B1630',
    });
    expect(m.icons).toContainEqual({
      src: '/brand-icons/azulbet/maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    });
  });

  it('an unknown domain, a brand without icons or a bad slug or colour: the neutral defaults, never an error', () => {
    expect(buildManifest(null, sets)).toMatchObject({ name: 'Cassino', theme_color: '#0f141b' });
    expect(buildManifest(null, sets).icons[0]?.src).toBe('/brand-icons/default/icon-192.png');
    const odd = buildManifest({ siteName: ' ', slugTitle: '../../etc', colors: { background: 'red;x' } }, sets);
    expect(odd.short_name).toBe('Cassino');
    expect(odd.icons.every((i) => i.src.startsWith('/brand-icons/default/'))).toBe(true);
    expect(odd.background_color).toBe('#0f141b');
    expect(buildManifest({ siteName: 'Nova', slugTitle: 'nova' }, sets).icons[0]?.src).toContain('/default/');
  });

  it('finds the icon sets written under public/', () => {
    expect([...iconSetsIn('public')].sort()).toEqual(['azulbet', 'default', 'pausabet', 'sorteverde']);
    expect(iconSetsIn('no-such-dir').size).toBe(0);
  });
});
