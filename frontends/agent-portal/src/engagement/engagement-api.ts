import { queryOptions } from '@tanstack/react-query';
import {
  ENGAGEMENT_API,
  enquirySchema,
  pageSchema,
  presentationSchema,
  requirementSchema,
  type Language,
} from '@manzil/contracts';
import { apiQueryFn } from '@manzil/ui';
import { listingsPath } from '../listings/listings-api.js';

export const ENGAGEMENT_PER_PAGE = 10;

/** Every key starts with 'engagement' and holds the language. */
export const engagementKeys = {
  all: ['engagement'] as const,
  enquiries: (language: Language, page: number) => ['engagement', 'enquiries', { language, page }] as const,
  requirements: (language: Language, page: number) =>
    ['engagement', 'requirements', { language, page }] as const,
  presentations: (language: Language, page: number) =>
    ['engagement', 'presentations', { language, page }] as const,
};

export const enquiriesQuery = (language: Language, page: number) =>
  queryOptions({
    queryKey: engagementKeys.enquiries(language, page),
    queryFn: apiQueryFn(listingsPath(ENGAGEMENT_API.agentEnquiries), {
      language,
      query: { page, limit: ENGAGEMENT_PER_PAGE },
      results: pageSchema(enquirySchema),
    }),
  });

export const requirementsQuery = (language: Language, page: number) =>
  queryOptions({
    queryKey: engagementKeys.requirements(language, page),
    queryFn: apiQueryFn(listingsPath(ENGAGEMENT_API.agentRequirements), {
      language,
      query: { page, limit: ENGAGEMENT_PER_PAGE },
      results: pageSchema(requirementSchema),
    }),
  });

export const presentationsQuery = (language: Language, page: number) =>
  queryOptions({
    queryKey: engagementKeys.presentations(language, page),
    queryFn: apiQueryFn(listingsPath(ENGAGEMENT_API.agentPresentations), {
      language,
      query: { page, limit: ENGAGEMENT_PER_PAGE },
      results: pageSchema(presentationSchema),
    }),
  });
