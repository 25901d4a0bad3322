import { z } from 'zod';
import { ENQUIRY_TYPES } from '../enquiries.js';
import { localizedTextSchema } from '../listings.js';

/**
 * Enquiries sent from a property's agent card, topic `listings.enquiry`, key = enquiry id.
 * Published by the listings service through its outbox in the transaction that stores the
 * enquiry. Notifications tells the agent (e-mail, in-app). A breaking change is a new version.
 */

/** enquiry.received v1: a customer sent one of the five enquiry types about a listing. */
export const enquiryReceivedV1 = {
  type: 'enquiry.received',
  version: 1,
  payload: z.object({
    enquiryId: z.uuid(),
    propertyId: z.uuid(),
    propertySlug: z.string(),
    propertyTitle: localizedTextSchema,
    /** The listing's agent (the recipient); null when a company listed it without one. */
    agentId: z.uuid().nullable(),
    companyId: z.uuid().nullable(),
    type: z.enum(ENQUIRY_TYPES),
    customer: z.object({ id: z.uuid(), name: z.string(), email: z.string(), phone: z.string() }),
    message: z.string().nullable(),
    createdAt: z.iso.datetime(),
  }),
} as const;
