export {
  alternatePaths,
  applyDocumentHead,
  clearDocumentHead,
  declaredAlternate,
  useDocumentHead,
  type DocumentHead,
} from './document-head.js';
