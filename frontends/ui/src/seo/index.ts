export {
  alternatePaths,
  applyDocumentHead,
  brandedTitle,
  clearDocumentHead,
  declaredAlternate,
  useDocumentHead,
  type DocumentHead,
} from './document-head.js';
