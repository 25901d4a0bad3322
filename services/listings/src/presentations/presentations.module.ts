import { type DynamicModule, Module } from '@nestjs/common';
import type { ServiceConfig } from '../config.js';
import { PresentationsController } from './presentations.controller.js';
import { PresentationsService } from './presentations.service.js';
import { ProjectPresentationsService } from './project-presentations.service.js';
import { ProposalPdfRenderer } from './proposal-pdf.js';

/** Chromium prints the PDFs; Debian's by default, CHROMIUM_PATH where it lives elsewhere. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

@Module({})
export class PresentationsModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: PresentationsModule,
      controllers: [PresentationsController],
      providers: [
        PresentationsService,
        ProjectPresentationsService,
        {
          provide: ProposalPdfRenderer,
          useFactory: () => new ProposalPdfRenderer(config.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH),
        },
      ],
    };
  }
}
