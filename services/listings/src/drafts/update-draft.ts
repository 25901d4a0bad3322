import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  listingSubmittedV1,
  listingUpdatedV1,
  type OwnedProperty,
  type PropertyFields,
  type Site,
} from '@manzil/contracts';
import { AppException, type AuthUser } from '@manzil/nest-kit';
import { LocationsService } from '../locations/locations.service.js';
import { droppedVideoKeys, StorageCleanup } from '../media/storage-cleanup.js';
import { actorOf, audit, eventActor } from './audit.js';
import { assertLocations, assertSubmittable, mergeDraft } from './draft-fields.js';
import { documentsOf, ownedView, photosOf, publishEvent } from './owned.js';
import { findOwned, ownershipFor } from './who-may.js';

export interface UpdateDraftCommand {
  user: AuthUser;
  site: Site;
  propertyId: string;
  patch: PropertyFields;
  /** The request body as sent, to tell a field sent blank (clear it) from one not sent. */
  sent: object;
  /** An upload this save attaches (a video: `StorageCleanup.expectUpload`), settled with it. */
  uploadTicket?: string;
}

/**
 * The owner saves a step of the wizard. A draft, a pending or a rejected listing stays in its
 * status. An accepted one goes back to pending (it must still be complete) while the accepted
 * version stays public: the card columns and the `published` snapshot are only replaced when
 * an admin accepts the edit. A sold listing is not edited.
 */
@Injectable()
export class UpdateDraft {
  constructor(
    private readonly dataSource: DataSource,
    private readonly locations: LocationsService,
    private readonly cleanup: StorageCleanup,
  ) {}

  async execute(command: UpdateDraftCommand): Promise<OwnedProperty> {
    const { view, removed } = await this.dataSource.transaction((manager) => this.save(manager, command));
    // After the commit: the bytes of an uploaded video no version shows any more.
    await this.cleanup.removeNow(removed);
    return view;
  }

  private async save(
    manager: EntityManager,
    { user, site, propertyId, patch, sent, uploadTicket }: UpdateDraftCommand,
  ): Promise<{ view: OwnedProperty; removed: string | null }> {
    const property = await findOwned(manager, user, site, propertyId);
    if (property.state === 'sold') throw new AppException('TRANSITION_NOT_ALLOWED', 422);
    if ('agentId' in sent && patch.agentId !== property.agentId) {
      const ownership = await ownershipFor(manager, user, site, patch.agentId);
      property.agentId = ownership.agentId;
    }
    const shown = property.published?.media.videos ?? [];
    const before = [...(property.draft.videos ?? []), ...shown];
    const draft = mergeDraft(property.draft, patch, sent);
    draft.agentId = property.agentId ?? undefined;
    await assertLocations(manager, this.locations, site, draft);
    const fields = Object.keys(sent);
    const actor = actorOf(user);
    property.draft = draft;
    const editOfPublished = property.approvalStatus === 'accepted';
    if (editOfPublished) {
      const documents = (await documentsOf(manager, [property.id])).get(property.id) ?? [];
      const photos = (await photosOf(manager, [property.id])).get(property.id) ?? [];
      assertSubmittable(site, draft, { documents: documents.length, photos: photos.length });
      property.approvalStatus = 'pending';
      property.submittedAt = new Date();
      await manager.save(property);
      await audit(manager, property, actor, 'updated', { fields, approvalStatus: 'pending' });
      await audit(manager, property, actor, 'submitted', { editOfPublished: true });
      await publishEvent(manager, site, property.id, listingUpdatedV1, {
        id: property.id,
        by: eventActor(actor),
        fields,
        approvalStatus: 'pending',
      });
      await publishEvent(manager, site, property.id, listingSubmittedV1, {
        id: property.id,
        agentId: property.agentId,
        companyId: property.companyId,
        by: eventActor(actor),
        editOfPublished: true,
        documentCount: documents.length,
      });
    } else {
      await manager.save(property);
      await audit(manager, property, actor, 'updated', { fields });
      await publishEvent(manager, site, property.id, listingUpdatedV1, {
        id: property.id,
        by: eventActor(actor),
        fields,
        approvalStatus: property.approvalStatus,
      });
    }
    if (uploadTicket) await this.cleanup.attached(manager, uploadTicket);
    const removed = await this.cleanup.removeAfterCommit(
      manager,
      droppedVideoKeys(before, [...(draft.videos ?? []), ...shown]),
    );
    return { view: await ownedView(manager, property), removed };
  }
}
