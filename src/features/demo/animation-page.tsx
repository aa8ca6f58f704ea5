/**
 * /animation (§2.2 demo): the site's animations on show. The confetti burst of §2.3 comes from the button that is
 * pressed (`onCelebrate` gets the element); with reduced motion asked for, nothing moves, as the note says.
 */
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { CONFETTI } from '../../lib/confetti/confetti';
import './demo.css';
import { useT } from '../../i18n/use-t';

export function AnimationPage({ onCelebrate }: { onCelebrate(element: HTMLElement): void }) {
  const t = useT();
  return (
    <article className="demo-page" data-testid="animation-page">
      <header className="gallery__hero">
        <p className="gallery__eyebrow">{t('demo.eyebrow')}</p>
        <h1 className="gallery__title">{t('shell.page.animation.title')}</h1>
        <p className="gallery__lead">{t('demo.animation.lead')}</p>
      </header>
      <section className="gallery-section demo-stage" aria-labelledby="demo-confetti-title">
        <header className="gallery-section__header">
          <h2 id="demo-confetti-title">{t('demo.animation.confetti.title')}</h2>
          <p>{t('demo.animation.confetti.description', { rectangles: CONFETTI.rectangles, dots: CONFETTI.dots })}</p>
        </header>
        <div className="gallery-section__stage demo-stage__center">
          <Button variant="secondary" data-testid="confetti-fire" onClick={(event) => onCelebrate(event.currentTarget)}>
            <Icon name="bonus" size={20} />
            {t('demo.animation.confetti.fire')}
          </Button>
          <p className="gallery-muted demo-note">{t('demo.animation.reduced_motion')}</p>
        </div>
      </section>
    </article>
  );
}
