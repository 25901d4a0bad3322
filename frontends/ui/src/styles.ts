// The font pair, self-hosted from npm (webpack emits the woff2 files as assets): IBM Plex
// Sans for Latin and IBM Plex Sans Arabic, drawn as one family. Only the subsets we show.
import '@fontsource/ibm-plex-sans/latin-400.css';
import '@fontsource/ibm-plex-sans/latin-500.css';
import '@fontsource/ibm-plex-sans/latin-600.css';
import '@fontsource/ibm-plex-sans/latin-700.css';
import '@fontsource/ibm-plex-sans-arabic/arabic-400.css';
import '@fontsource/ibm-plex-sans-arabic/arabic-500.css';
import '@fontsource/ibm-plex-sans-arabic/arabic-600.css';
import '@fontsource/ibm-plex-sans-arabic/arabic-700.css';
import './tokens.css';
import './components/components.css';
import './components/fields.css';
import './feedback/feedback.css';
