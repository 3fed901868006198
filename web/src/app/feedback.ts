import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';

/**
 * antd's message and modal bound to the app's theme and language. The root component fills these in
 * (App.useApp()); code outside React (the request layer's error policy, the auth module) uses them.
 */
export const feedback: { message: MessageInstance | null; modal: ModalApi | null } = { message: null, modal: null };
