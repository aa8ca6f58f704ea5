import { useSelector } from '@xstate/react';
import { connectLoginModal } from '../../machines/login-modal/login-modal.connect';
import { LoginModal, type LoginModalProps } from '../features/session/login-modal';
import type { LoginModalRef } from './session';

/**
 * The login modal as the running flow shows it (a chunk of its own with the modal, the view model's code
 * is not in the first load either): the flow's snapshot read through its connect.
 */
export function LoginModalRegion({ modal, ...props }: Omit<LoginModalProps, 'vm'> & { modal: LoginModalRef }) {
  const vm = useSelector(modal, connectLoginModal);
  return <LoginModal vm={vm} {...props} />;
}
