import { expect, test } from '@playwright/test';
import { CONTENT_PAGES } from '../sandbox/seed-data/pages';
import { localizedRoutePath, ROUTES } from '../src/app/routes';

/**
 * The legal and content pages (§2.2) in pt and under /en: the first opened as a link from a search engine (a
 * page load), the others from within the app. Under the dev server every one of them showed "Ocorreu
 * um erro inesperado" although the platform answered 200.
 */
const paths = ROUTES.filter((entry) => entry.page === 'content').map((entry) =>
  entry.contentSlug === ':slug'
    ? { path: '/pages/sobre-nos', slug: 'sobre-nos' }
    : { path: entry.path, slug: entry.contentSlug ?? '' },
);

for (const locale of ['pt', 'en'] as const) {
  test(`every content page renders its platform text (${locale})`, async ({ page }) => {
    for (const [index, { path, slug }] of paths.entries()) {
      const url = localizedRoutePath({ path }, locale);
      const seeded = CONTENT_PAGES.find((p) => p.slug === slug && p.locale === locale);
      expect(seeded, `the sandbox seeds ${slug} in ${locale}`).toBeTruthy();
      if (index === 0) {
        await page.goto(url);
      } else {
        await page.evaluate((u) => {
          window.history.pushState(null, '', u);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, url);
      }
      const article = page.getByTestId('content-page');
      await expect(article, url).toBeVisible();
      await expect(article, url).toHaveAttribute('data-slug', slug);
      await expect(article.getByRole('heading', { level: 1 }), url).toHaveText(seeded!.title);
    }
  });
}
