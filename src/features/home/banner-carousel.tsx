import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { localizePath, type Locale } from '../../i18n/locale';
import { useT } from '../../i18n/use-t';

export interface CarouselBanner {
  id: number;
  title: string;
  image: string;
  image_mobile: string;
  link: string | null;
}

/** An in-app path (`/…`) or an https URL; anything else is not a link. */
export function bannerTarget(link: string | null): { internal: string } | { external: string } | null {
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//')) return { internal: link };
  if (/^https:\/\//i.test(link)) return { external: link };
  return null;
}

/**
 * The home banners: a swipeable strip (CSS scroll snap, so a phone swipes natively and nothing moves by itself),
 * fixed aspect ratio (no layout shift), the first banner fetched first as the page's largest paint, dots to jump,
 * and each banner's own call to action.
 */
export function BannerCarousel({ banners, locale }: { banners: readonly CarouselBanner[]; locale: Locale }) {
  const t = useT();
  const strip = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const go = (index: number) => {
    const element = strip.current;
    if (!element) return;
    element.scrollTo({ left: index * element.clientWidth, behavior: 'smooth' });
  };
  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={t('home.banners_label')}>
      <div
        ref={strip}
        className="carousel__strip"
        data-testid="home-banners"
        onScroll={(event) => {
          const element = event.currentTarget;
          if (element.clientWidth > 0) setCurrent(Math.round(element.scrollLeft / element.clientWidth));
        }}
      >
        {banners.map((banner, index) => {
          const image = (
            <picture>
              <source media="(max-width: 639px)" srcSet={banner.image_mobile} width={640} height={360} />
              <img
                src={banner.image}
                alt={banner.title}
                width={1200}
                height={400}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
                decoding={index === 0 ? 'sync' : 'async'}
              />
            </picture>
          );
          const target = bannerTarget(banner.link);
          const cta: ReactNode = target ? (
            <span className="carousel__cta" aria-hidden="true">
              {t('home.banner_cta')}
            </span>
          ) : null;
          const body = (
            <>
              {image}
              {/* The art carries the banner's words; the image's text alternative names it; the call to action sits on it. */}
              {cta ? (
                <span className="carousel__caption" aria-hidden="true">
                  {cta}
                </span>
              ) : null}
            </>
          );
          return (
            <div
              key={banner.id}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t('home.banner_position', { index: index + 1, count: banners.length })}
              data-testid="home-banner"
            >
              {target && 'internal' in target ? (
                <Link to={localizePath(target.internal, locale)} className="carousel__link">
                  {body}
                </Link>
              ) : target && 'external' in target ? (
                <a href={target.external} rel="noopener noreferrer" className="carousel__link">
                  {body}
                </a>
              ) : (
                <div className="carousel__link">{body}</div>
              )}
            </div>
          );
        })}
      </div>
      {banners.length > 1 ? (
        <div className="carousel__dots">
          {banners.map((banner, index) => (
            <button
              key={banner.id}
              type="button"
              className="carousel__dot"
              aria-current={index === current}
              aria-label={t('home.banner_go', { index: index + 1 })}
              onClick={() => go(index)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
