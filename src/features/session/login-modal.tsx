import { lazy, Suspense } from 'react';
import type { LoginModalViewModel } from '../../../machines/login-modal/login-modal.connect';
import type { LoginModalTab } from '../../../machines/login-modal/login-modal.types';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import type { SessionFormsProps } from './form-props';
import './session.css';
import { useT } from '../../i18n/use-t';

/** The forms (react-hook-form, zod) are a chunk of their own, loaded when the modal first opens. */
const SessionForms = lazy(() => import('./session-forms'));

const TABS: LoginModalTab[] = ['login', 'register', 'recovery'];

export type LoginModalProps = Omit<SessionFormsProps, 'tab' | 'recovery' | 'registration'> & {
  vm: LoginModalViewModel;
  onClose: () => void;
};

/** The login modal (§2.3): tabs login, register and recovery, each with its form. */
export function LoginModal({ vm, onClose, ...forms }: LoginModalProps) {
  const t = useT();
  return (
    <Modal open={vm.open} title={t(vm.titleId)} closeLabel={t('shell.close')} onClose={onClose} testId="login-modal">
      <div className="login-modal" data-tab={vm.tab}>
        <div className="login-modal__tabs" role="group" aria-label={t('session.modal.tabs')}>
          {TABS.map((tab) => (
            <Button
              key={tab}
              size="sm"
              variant={tab === vm.tab ? 'primary' : 'ghost'}
              aria-pressed={tab === vm.tab}
              data-testid={`login-tab-${tab}`}
              onClick={() => forms.sendModal({ type: 'loginModal.open', tab })}
            >
              {t(`session.modal.tab.${tab}`)}
            </Button>
          ))}
        </div>
        <Suspense fallback={<Spinner label={t('session.loading_form')} />}>
          <SessionForms key={vm.tab} tab={vm.tab} recovery={vm.recovery} registration={vm.registration} {...forms} />
        </Suspense>
      </div>
    </Modal>
  );
}
