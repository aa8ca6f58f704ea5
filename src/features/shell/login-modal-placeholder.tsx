import { useIntl } from 'react-intl';
import type { LoginModalTab } from '../../../machines/site/shell-ui.types';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';

const TABS: LoginModalTab[] = ['login', 'register', 'recovery'];

/**
 * Where the login modal opens (/login, /register, /recover-pass, the header buttons). The session issue brings
 * the modal itself; until then this dialog names the tab it was asked for.
 */
export function LoginModalPlaceholder({
  open,
  tab,
  titleId,
  onTab,
  onClose,
}: {
  open: boolean;
  tab: LoginModalTab;
  titleId: string;
  onTab: (tab: LoginModalTab) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <Modal
      open={open}
      title={intl.formatMessage({ id: titleId })}
      closeLabel={intl.formatMessage({ id: 'shell.close' })}
      onClose={onClose}
      testId="login-modal"
    >
      <div className="login-modal" data-tab={tab}>
        <div className="login-modal__tabs" role="group" aria-label={intl.formatMessage({ id: 'shell.login_modal.tabs' })}>
          {TABS.map((t) => (
            <Button
              key={t}
              size="sm"
              variant={t === tab ? 'primary' : 'ghost'}
              aria-pressed={t === tab}
              onClick={() => onTab(t)}
            >
              {intl.formatMessage({ id: `shell.login_modal.tab.${t}` })}
            </Button>
          ))}
        </div>
        <p className="login-modal__text">{intl.formatMessage({ id: 'shell.login_modal.text' })}</p>
      </div>
    </Modal>
  );
}
