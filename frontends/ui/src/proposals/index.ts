import './proposals.css';

// Its own entry ('@manzil/ui/proposals'): the agent's and the company's proposal screens only.
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
