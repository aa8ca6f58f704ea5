/**
 * The one-shot drop of /user/edit/access-data's password change: the page puts the new password here and sends a
 * bare `password.submit`; the change actor (./access-data.ts) takes it. Shared by the page and the flow's chunk.
 */
import { createSecretDrop } from '../lib/secret-drop';

export const accessDrop = createSecretDrop();
