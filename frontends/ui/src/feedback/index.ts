export { CONFIRM_LABELS, FeedbackProvider, useFeedback, type Feedback } from './feedback.js';
export { ConfirmDialog, Dialog, type ConfirmDialogProps, type DialogProps } from './dialog.js';
export {
  LoadingOverlay,
  TOAST_MS,
  Toast,
  useToastState,
  type ToastMessage,
  type ToastType,
} from './toast.js';
export { PLACEHOLDER_IMAGE, SafeImage, type SafeImageProps } from './safe-image.js';
export { INVALID_URL_MESSAGE, downloadApiFile, downloadFile } from './download.js';
