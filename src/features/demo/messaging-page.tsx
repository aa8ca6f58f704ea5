/**
 * /messaging-2 (§2.2: "empty layout, demo"): the empty layout, without the site's header, menus and footer, as a
 * full-height messaging screen with nothing in it yet: a bar with the brand's name and the way home, the empty
 * conversation, and a composer that stays off while there is no one to write to.
 */
import { Link } from 'react-router-dom';
import { buttonLook } from '../../ui/button';
import { Icon } from '../../ui/icon';
import './demo.css';
import { useT } from '../../i18n/use-t';

export function MessagingPage({ siteName, homeHref }: { siteName: string; homeHref: string }) {
  const t = useT();
  return (
    <div className="messaging" data-testid="messaging-page">
      <header className="messaging__bar">
        <Link to={homeHref} {...buttonLook({ variant: 'ghost', size: 'sm' })} data-testid="messaging-home">
          <span aria-hidden="true">←</span>
          {t('demo.messaging.back', { site: siteName })}
        </Link>
      </header>
      <section className="messaging__thread" aria-labelledby="messaging-title">
        <div className="messaging__empty">
          <span className="messaging__icon">
            <Icon name="chat" size={40} />
          </span>
          <h1 id="messaging-title">{t('shell.page.messaging-2.title')}</h1>
          <p className="gallery-muted">{t('demo.messaging.empty')}</p>
        </div>
      </section>
      <footer className="messaging__composer">
        <label htmlFor="messaging-input" className="visually-hidden">
          {t('demo.messaging.input_label')}
        </label>
        <input id="messaging-input" disabled placeholder={t('demo.messaging.input_placeholder')} />
        <button type="button" {...buttonLook({ size: 'sm' })} disabled>
          {t('demo.messaging.send')}
        </button>
      </footer>
    </div>
  );
}
