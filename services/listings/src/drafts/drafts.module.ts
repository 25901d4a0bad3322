import { Module } from '@nestjs/common';
import { LocationsModule } from '../locations/locations.module.js';
import { AttachDocument } from './attach-document.js';
import { CreateDraft } from './create-draft.js';
import { DraftsController } from './drafts.controller.js';
import { DraftsService } from './drafts.service.js';
import { MarkSold, SetActive } from './market-state.js';
import { SubmitProperty } from './submit-property.js';
import { UpdateDraft } from './update-draft.js';
import { DiscardDraft } from './discard-draft.js';

@Module({
  imports: [LocationsModule],
  controllers: [DraftsController],
  providers: [
    CreateDraft,
    UpdateDraft,
    DiscardDraft,
    AttachDocument,
    SubmitProperty,
    MarkSold,
    SetActive,
    DraftsService,
  ],
  exports: [AttachDocument, UpdateDraft],
})
export class DraftsModule {}
