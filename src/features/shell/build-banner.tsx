import { useIntl } from 'react-intl';
import type { BuildBannerView } from '../../../machines/build-watch/build-watch.connect';
import { Button } from '../../ui/button';
import './build-banner.css';

/**
 * The new-build banner: "a new version is available" with Reload and close, or why the reload waits (a
 * deposit awaiting payment). Non-blocking: the page stays usable under it.
 */
export function BuildBanner({ vm, onReload, onClose }: { vm: BuildBannerView; onReload(): void; onClose(): void }) {
  const intl = useIntl();
  if (vm.kind === 'none') return null;
  return (
    <div className="build-banner" role="status" data-testid="build-banner" data-kind={vm.kind}>
      <p className="build-banner__text">{intl.formatMessage({ id: vm.messageId })}</p>
      {vm.kind === 'offer' ? (
        <>
          <Button size="sm" onClick={onReload} data-testid="build-reload">
            {intl.formatMessage({ id: vm.actionId })}
          </Button>
          <button
            type="button"
            className="build-banner__close"
            onClick={onClose}
            aria-label={intl.formatMessage({ id: vm.closeId })}
          >
            ×
          </button>
        </>
      ) : null}
    </div>
  );
}
