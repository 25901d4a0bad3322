import type { ComponentType } from 'react';
import { init, loadRemote } from '@module-federation/enhanced/runtime';
import { z } from 'zod';
import { isHeaderlessRoute, matchesRoutePattern } from '@manzil/contracts';
import type { RemoteAppProps } from '@manzil/ui';
import defaultManifest from '../../remotes.json' with { type: 'json' };

export const REMOTE_NAMES = ['customer', 'agentPortal', 'companyPortal', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** `/remotes.json`: each remote's `mf-manifest.json` URL, set per environment by the gateway. */
export const remoteManifestSchema = z.object({
  customer: z.string().min(1),
  agentPortal: z.string().min(1),
  companyPortal: z.string().min(1),
  admin: z.string().min(1),
});
export type RemoteManifest = z.infer<typeof remoteManifestSchema>;

/** Which remote renders a path: the shell knows areas, each remote its own routes. */
const REMOTE_AREAS: readonly [RemoteName, readonly string[]][] = [
  ['admin', ['/admin/*']],
  ['agentPortal', ['/addNewProperty', '/manage-properties', '/enquiries', '/requirements', '/presentations']],
  ['companyPortal', ['/myAgents', '/addAgent', '/myProjects', '/project-proposals']],
];

export function remoteFor(pathname: string): RemoteName {
  const area = REMOTE_AREAS.find(([, patterns]) =>
    patterns.some((pattern) => matchesRoutePattern(pattern, pathname)),
  );
  return area ? area[0] : 'customer';
}

/** The manifest served at /remotes.json; the one built into the shell if that fails. */
export async function fetchRemoteManifest(): Promise<RemoteManifest> {
  try {
    const response = await fetch('/remotes.json', { cache: 'no-store' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return remoteManifestSchema.parse(await response.json());
  } catch (error) {
    console.warn('shell: /remotes.json unavailable, using the built-in one', error);
    return remoteManifestSchema.parse(defaultManifest);
  }
}

let registration: Promise<void> | null = null;

/** Registers the four remotes with the federation runtime, once per page load. */
export function registerRemotes(): Promise<void> {
  registration ??= fetchRemoteManifest().then((manifest) => {
    init({
      name: 'shell',
      // Only the remote a page needs is fetched (see webpack.common.cjs).
      shareStrategy: 'loaded-first',
      remotes: REMOTE_NAMES.map((name) => ({
        name,
        entry: new URL(manifest[name], window.location.origin).href,
      })),
    });
  });
  return registration;
}

/** Loads a remote's `./App`; rejects when the remote cannot be reached. */
export async function loadRemoteApp(name: RemoteName): Promise<{ default: ComponentType<RemoteAppProps> }> {
  await registerRemotes();
  const module = await loadRemote<{ default: ComponentType<RemoteAppProps> }>(`${name}/App`);
  if (!module?.default) throw new Error(`remote ${name} did not provide ./App`);
  return module;
}

/** The shell's own pages with a header (the headerless ones are the sign-in steps). */
const SHELL_PAGES = new Set(['/profile', '/notifications']);

/**
 * The remote to start loading as the shell starts, beside the shell's messages, rather than
 * once the first render has placed the outlet (issue 10: one step less before the page shows):
 * the customer's, for a page of it, where first visits land. Not the portals (the route guard
 * decides first), not the shell's own pages.
 */
export function remoteToPrefetch(pathname: string): RemoteName | null {
  if (isHeaderlessRoute(pathname) || SHELL_PAGES.has(pathname)) return null;
  return remoteFor(pathname) === 'customer' ? 'customer' : null;
}

/** Starts that load; a failure is left to the outlet, which loads again and shows it. */
export function prefetchRemoteFor(pathname: string): void {
  const name = remoteToPrefetch(pathname);
  if (name) loadRemoteApp(name).catch(() => undefined);
}
