import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { appRoutes, pageModuleOf } from '../../src/app/router';
import { localizedRoutePath, paramsAreValid, ROUTES, routeId } from '../../src/app/routes';
import { messagesFor } from './messages';

/** Every path of spec §2.2, with sample parameters. */
const SPEC_PATHS = [
  '/',
  '/login',
  '/register',
  '/recover-pass',
  '/account/boxes',
  '/account/items',
  '/account/wallet',
  '/user',
  '/user/edit',
  '/user/edit/access-data',
  '/user/edit/history-casino',
  '/user/edit/personal-data',
  '/user/edit/transaction',
  '/user/edit/verification',
  '/aml-policy',
  '/animation',
  '/betting-terms',
  '/bonus',
  '/casino/pgsoft/fortune-tiger',
  '/casino/box/gold',
  '/casino/category/slots',
  '/casino/crates',
  '/casino/favorites',
  '/casino/games',
  '/casino/play',
  '/casino/providers',
  '/casino/recent',
  '/em-conformidade-com-a-regulamentacao',
  '/install',
  '/install-two',
  '/ios',
  '/messaging-2',
  '/NewComponents',
  '/pages/sobre-nos',
  '/privacy',
  '/terms',
  '/promotion',
  '/promotions',
  '/ranking',
  '/refers',
  '/responsible-gambling',
  '/responsible-gaming',
  '/rewards',
  '/sports',
];

const AUTH_PATHS = [
  '/account/boxes',
  '/account/items',
  '/account/wallet',
  '/user',
  '/refers',
  '/responsible-gambling',
  '/user/edit/history-casino',
  '/user/edit/transaction',
];

function deepestId(routes: RouteObject[], path: string): string | undefined {
  const matches = matchRoutes(routes, path);
  return matches?.[matches.length - 1]?.route.id;
}

function allIds(routes: RouteObject[]): string[] {
  return routes.flatMap((r) => [r.id ?? '', ...allIds(r.children ?? [])]);
}

describe('route table (§2.1, §2.2)', () => {
  const routes = appRoutes();
  const entryOf = (path: string) => {
    const id = deepestId(routes, path);
    return ROUTES.find((e) => id === routeId(e, 'pt') || id === routeId(e, 'en'));
  };

  it.each(SPEC_PATHS)('%s answers in pt at the plain path and in en under /en', (path) => {
    const entry = entryOf(path);
    expect(entry, path).toBeDefined();
    if (!entry) return;
    expect(deepestId(routes, path)).toBe(`${entry.name}___pt`);
    expect(deepestId(routes, path === '/' ? '/en' : `/en${path}`)).toBe(`${entry.name}___en`);
  });

  it('every table entry is a §2.2 path, and the ids are unique', () => {
    for (const entry of ROUTES) {
      expect(
        SPEC_PATHS.some((p) => entryOf(p) === entry),
        entry.path,
      ).toBe(true);
    }
    const ids = allIds(routes).filter(Boolean);
    expect(new Set(ids).size).toBe(ids.length);
    for (const entry of ROUTES) {
      expect(ids).toContain(`${entry.name}___pt`);
      expect(ids).toContain(`${entry.name}___en`);
    }
  });

  it('marks the auth routes', () => {
    for (const path of AUTH_PATHS) expect(entryOf(path)?.auth, path).toBe(true);
    expect(entryOf('/casino/games')?.auth).toBeUndefined();
    expect(entryOf('/responsible-gaming')?.auth).toBeUndefined();
  });

  it('/messaging-2 uses the empty layout; everything else the default one', () => {
    const matches = matchRoutes(routes, '/messaging-2') ?? [];
    expect(matches.map((m) => m.route.id)).toContain('layout-empty___pt');
    expect((matchRoutes(routes, '/en/casino/games') ?? []).map((m) => m.route.id)).toContain('layout-default___en');
  });

  it('an unmatched path reaches the 404 route in its language', () => {
    expect(deepestId(routes, '/nada-aqui')).toBe('not-found___pt');
    expect(deepestId(routes, '/en/nothing/here')).toBe('not-found___en');
  });

  it('checks parameters: invalid characters fail (404)', () => {
    const game = ROUTES.find((e) => e.name === 'casino-game');
    expect(game && paramsAreValid(game, { provider: 'pgsoft', game: 'fortune-tiger' })).toBe(true);
    expect(game && paramsAreValid(game, { provider: 'pg soft', game: 'x' })).toBe(false);
    expect(game && paramsAreValid(game, { provider: 'pgsoft', game: '<script>' })).toBe(false);
    const page = ROUTES.find((e) => e.name === 'pages-slug');
    expect(page && paramsAreValid(page, { slug: 'Sobre_Nos' })).toBe(false);
  });

  it('localises paths', () => {
    const home = ROUTES[0];
    expect(home && localizedRoutePath(home, 'en')).toBe('/en');
    expect(localizedRoutePath({ path: '/casino/games' }, 'en')).toBe('/en/casino/games');
  });

  it('every title and description has a message in both languages', () => {
    const pt = messagesFor('pt-BR');
    const en = messagesFor('en');
    for (const entry of ROUTES) {
      for (const id of [entry.titleId, entry.descriptionId].filter((x): x is string => Boolean(x))) {
        expect(pt[id], id).toBeTruthy();
        expect(en[id], id).toBeTruthy();
      }
    }
    expect(Object.keys(pt).sort()).toEqual(Object.keys(en).sort());
    expect(pt['shell.preloader.loading']).toBe('Carregando site...');
    expect(pt['shell.preloader.not_found']).toBe('Plataforma não encontrada');
    expect(pt['shell.preloader.not_found_link']).toBe('Clique aqui para saber mais');
    expect(pt['shell.preloader.maintenance']).toBe('Fazendo uma pausa para melhorar!');
    expect(pt['shell.preloader.maintenance_hint']).toBe('Para descobrir mais, entre em contato com um administrador!');
    expect(pt['errors.not_found.title']).toBe('Página não encontrada');
  });
});

describe('page chunks', () => {
  it('every page kind but home renders from a chunk of its own (an entry in the router or flows/<kind>.tsx)', () => {
    for (const entry of ROUTES) {
      if (entry.page === 'home') expect(pageModuleOf(entry), entry.name).toBeUndefined();
      else expect(typeof pageModuleOf(entry), `${entry.name} (${entry.page})`).toBe('function');
    }
  });

  it("a page whose app side is flows/<kind>.tsx is found by its name: /refers's route element", async () => {
    const refers = ROUTES.find((r) => r.name === 'refers');
    expect(refers).toMatchObject({ page: 'refers', messages: 'rewards' });
    const module = await pageModuleOf(refers as (typeof ROUTES)[number])?.();
    expect(module?.Component.name).toBe('Route');
    expect(pageModuleOf({ ...(refers as (typeof ROUTES)[number]), page: 'nothing' as 'refers' })).toBeUndefined();
  });
});
