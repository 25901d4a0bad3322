import { afterFirstPaint, releaseFirstPaint, startPreloads } from './first-paint.js';

// The first content the gateway wrote into the page stays until the app has its own.
releaseFirstPaint();

// The async boundary: shared singletons (React, the router, the design system) are
// negotiated with the remotes before any of our code runs. Started once the first content is
// painted, with all of its scripts requested at once then (index.html lists them).
void afterFirstPaint()
  .then(() => {
    startPreloads();
    return import('./bootstrap.js');
  })
  .catch((error: unknown) => console.error('shell: failed to start', error));
