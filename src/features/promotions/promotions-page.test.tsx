import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { PromotionsView } from '../../../machines/promotions/promotions.connect';
import type { PromotionDetailView } from '../../../machines/promotions/promotions.view';
import { XSS_PAYLOADS } from '../../../tests/xss-payloads';
import en from '../../i18n/en.json';
import ptBR from '../../i18n/pt-BR.json';
import { PromotionsPage } from './promotions-page';

const PROMO: PromotionDetailView = {
  slug: 'cashback-semanal',
  title: 'Cashback toda semana',
  summary: 'Parte do que você perdeu volta.',
  badge: 'Cassino',
  theme: 'cashback',
  bonusKind: null,
  ctaPath: '/bonus',
  endsAt: null,
  html: '<h2>Como funciona</h2><p>Texto</p>',
};

const view = (extra: Partial<PromotionsView>): PromotionsView => ({
  mode: 'list',
  loading: false,
  items: [],
  detail: null,
  notFound: false,
  rules: [],
  messages: [],
  canRetry: false,
  ...extra,
});

function renderPage(v: PromotionsView, locale: 'pt-BR' | 'en' = 'pt-BR') {
  return render(
    <IntlProvider locale={locale} messages={locale === 'en' ? en : ptBR}>
      <MemoryRouter>
        <PromotionsPage view={v} localize={(p) => (locale === 'en' ? `/en${p}` : p)} onRetry={vi.fn()} />
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('/promotion: the operator HTML is sanitised', () => {
  it('strips scripts and event handlers (onerror, onload…) and javascript: links; keeps the text and markup', () => {
    (window as unknown as { __xss: (n: number) => void }).__xss = vi.fn();
    const html = `<h2>Regras</h2><p>Válido</p>${XSS_PAYLOADS.join('')}<script>window.__xss(99)</script>`;
    const { container } = renderPage(view({ mode: 'detail', detail: { ...PROMO, html } }));
    const body = screen.getByTestId('promotion-body');
    expect(within(body).getByRole('heading', { name: 'Regras' })).toBeTruthy();
    expect(body.querySelector('script, iframe, object, embed, form, style')).toBeNull();
    for (const el of body.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        expect(attr.name.startsWith('on'), `${el.tagName} ${attr.name}`).toBe(false);
        expect(attr.value).not.toMatch(/^\s*javascript:/i);
      }
    }
    expect(container.innerHTML).not.toContain('onerror');
    expect(container.innerHTML).not.toContain('<script');
    expect((window as unknown as { __xss: ReturnType<typeof vi.fn> }).__xss).not.toHaveBeenCalled();
  });

  it('the title, summary and badge are text, never HTML', () => {
    const { container } = renderPage(
      view({ mode: 'detail', detail: { ...PROMO, title: '<img src=x onerror=alert(1)>', badge: '<b>x</b>' } }),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('<img src=x onerror=alert(1)>');
    expect(container.querySelector('img')).toBeNull();
  });
});

describe('/promotions grid', () => {
  it.each([
    ['pt-BR', 'Promoções', 'Saiba mais', '/promotion?slug=cashback-semanal'],
    ['en', 'Promotions', 'Learn more', '/en/promotion?slug=cashback-semanal'],
  ] as const)('%s: titled, one card per promotion linking to its page', (locale, title, more, href) => {
    renderPage(view({ items: [PROMO] }), locale);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    const card = screen.getByTestId('promotion-card');
    expect(
      within(card)
        .getByRole('link', { name: `${more}: ${PROMO.title}` })
        .getAttribute('href'),
    ).toBe(href);
  });

  it('a regulated brand withholds a deposit bonus without showing the player the compliance note', () => {
    renderPage(view({ items: [PROMO], rules: ['deposit'] }));
    expect(screen.queryByTestId('regulated-note')).toBeNull();
    expect(screen.queryByText(/art\. 42/)).toBeNull();
  });
});
