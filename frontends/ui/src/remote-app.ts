import type { Language, SiteConfig, Site } from '@manzil/contracts';
import type { Session } from './session/session.js';

/**
 * What the shell gives every remote's `./App`. Remotes read nothing of the shell's state
 * except through these props, so a remote can be built and deployed on its own.
 */
export interface RemoteAppProps {
  language: Language;
  site: Site;
  config: SiteConfig;
  session: Session | null;
}
