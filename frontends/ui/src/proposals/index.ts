/*
 * @manzil/ui/proposals: the proposal builders of the agent portal and the company portal (a
 * remote may not import another). An entry of its own, shared on its own (webpack.common.cjs),
 * so only those screens load it. As in '@manzil/ui/forms', everything else of the design system
 * comes from '@manzil/ui' and '@manzil/ui/forms' (the shared singletons), never by a relative
 * path, which would bundle a second copy whose React contexts (feedback, site) are not the shell's.
 */
import './proposals.css';

export {
  PROPOSALS_PER_PAGE,
  ProposalBuilder,
  proposalsApiPath,
  type ProposalChoice,
  type ProposalKind,
  type ProposalRow,
} from './proposal-builder.js';
export { ProjectProposals, projectChoice, proposalKeys } from './project-proposals.js';
export { ShareLinks } from './share-links.js';
