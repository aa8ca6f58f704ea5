import type { BrandViewModel } from '../../machines/site/site.connect';

/** Puts the brand on the page: colours as CSS custom properties on :root, favicon and theme colour. */
export function applyBrand(brand: BrandViewModel, doc: Document = document): void {
  const root = doc.documentElement;
  for (const [name, value] of Object.entries(brand.cssVariables)) root.style.setProperty(name, value);
  root.dataset.brand = String(brand.casinoId);

  let icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = doc.createElement('link');
    icon.rel = 'icon';
    doc.head.appendChild(icon);
  }
  if (icon.href !== brand.favicon) icon.href = brand.favicon;

  const theme = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (theme) theme.content = brand.themeColor;
}

/** §3: the document title is the site title (data.ogTitle); other pages put their own title first. */
export function documentTitle(
  brand: Pick<BrandViewModel, 'title' | 'siteName'>,
  pageTitle: string | undefined,
): string {
  return pageTitle ? `${pageTitle} · ${brand.siteName}` : brand.title;
}
