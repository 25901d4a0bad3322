import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from '@manzil/ui/router';
import { ErrorBoundary, ErrorFallback, Skeleton, type RemoteAppProps } from '@manzil/ui';
import { loadRemoteApp, type RemoteName } from './registry.js';

const loaded = new Map<RemoteName, LazyExoticComponent<ComponentType<RemoteAppProps>>>();

function remoteComponent(name: RemoteName): LazyExoticComponent<ComponentType<RemoteAppProps>> {
  let component = loaded.get(name);
  if (!component) {
    component = lazy(() => loadRemoteApp(name));
    loaded.set(name, component);
  }
  return component;
}

function RemoteLoading() {
  return (
    <div className="mz-container shell-remote-loading" data-testid="remote-loading">
      <Skeleton inlineSize="45%" blockSize="2rem" radius="md" />
      <Skeleton inlineSize="70%" />
      <Skeleton inlineSize="100%" blockSize="14rem" radius="lg" />
    </div>
  );
}

/**
 * One remote's App inside an error boundary: a remote that is down or throws shows a
 * fallback in its place while the header and footer keep working. Trying again (or moving
 * to another page) forgets the failed load so the next render fetches the remote anew.
 */
export function RemoteOutlet({ name, ...props }: RemoteAppProps & { name: RemoteName }) {
  const { pathname } = useLocation();
  const App = remoteComponent(name);
  return (
    <ErrorBoundary
      key={name}
      resetKeys={[pathname]}
      onError={(error) => console.error(`shell: remote ${name} failed`, error)}
      onReset={() => loaded.delete(name)}
      fallback={(_error, reset) => (
        <div className="mz-container shell-remote-error" data-testid="remote-unavailable" data-remote={name}>
          <ErrorFallback onRetry={reset} headingLevel={1} />
        </div>
      )}
    >
      <Suspense fallback={<RemoteLoading />}>
        <App {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
