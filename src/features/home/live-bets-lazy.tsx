import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { watchInView } from '../../lib/realtime/live-demand';
import type { LiveBetsProps } from './live-bets';
import './live-bets.css';

/** The tabs and table's code is fetched once the section comes near the screen (not in the first load). */
const LiveBetsBody = lazy(() => import('./live-bets').then((m) => ({ default: m.LiveBetsBody })));

/** How far below the screen the section starts fetching its table. */
const NEAR_MARGIN = '100px';

/**
 * The live bets section as the home page's first load carries it: the section and its title stay the same element
 * from the first render on (tests and scrolling hold on to it); its tabs and table arrive with their own chunk when
 * the section comes near the screen, so the page's first load does not grow with them. Coming into view also wants
 * live updates (pusher-js is fetched then).
 */
export function LiveBetsLazy(props: LiveBetsProps) {
  const { vm, idPrefix = 'live-bets' } = props;
  const intl = useIntl();
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  const ref = useRef<HTMLElement>(null);
  useEffect(() => watchInView(ref.current), []);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  const placeholder = (
    <div className="live-bets__panel" aria-busy="true">
      <div className="live-bets__empty">
        <p>{intl.formatMessage({ id: 'home.live_bets.empty' })}</p>
      </div>
    </div>
  );
  return (
    <section
      ref={ref}
      className="live-bets"
      aria-labelledby={`${idPrefix}-title`}
      data-testid="live-bets"
      data-listening={vm.listening}
      data-tab={vm.tab}
    >
      <h2 id={`${idPrefix}-title`} className="home__section-title live-bets__title">
        <span className="live-bets__dot" aria-hidden="true" />
        {intl.formatMessage({ id: 'home.live_bets.title' })}
      </h2>
      {near ? (
        <Suspense fallback={placeholder}>
          <LiveBetsBody {...props} />
        </Suspense>
      ) : (
        placeholder
      )}
    </section>
  );
}
