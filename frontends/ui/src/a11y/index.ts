export { focusStatic, isRtl, tabbables } from './focus.js';
export { useDisclosure } from './use-disclosure.js';
export { KEEP_LIVE_ATTRIBUTE, useModal, type ModalOptions } from './use-modal.js';
export { useRadioGroup, useTabs } from './use-tabs.js';
