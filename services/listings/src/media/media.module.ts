import { Module } from '@nestjs/common';
import { DemoMediaController } from './demo-media.controller.js';

@Module({ controllers: [DemoMediaController] })
export class MediaModule {}
