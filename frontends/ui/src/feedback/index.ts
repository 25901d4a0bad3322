export { CONFIRM_LABELS, FeedbackProvider, useFeedback, type Feedback } from './feedback.js';
export { PLACEHOLDER_IMAGE, SafeImage, type SafeImageProps } from './safe-image.js';
export { INVALID_URL_MESSAGE, downloadFile } from './download.js';
