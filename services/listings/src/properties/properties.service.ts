import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, Not } from 'typeorm';
import type { PropertySummary, Site } from '@manzil/contracts';
import { AppException } from '@manzil/nest-kit';
import { Property } from './property.entity.js';
import { toSummary } from './property-summary.js';

@Injectable()
export class PropertiesService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * A public property of the site: accepted once (an edit waiting for approval keeps the
   * accepted version public) and on the market. Never-accepted, inactive and sold ones do not
   * exist for readers.
   */
  async findPublished(site: Site, slug: string): Promise<PropertySummary> {
    const property = await this.dataSource.manager.findOne(Property, {
      where: { site, slug, approvedAt: Not(IsNull()), state: 'active' },
    });
    if (!property) throw new AppException('NOT_FOUND');
    return toSummary(property);
  }
}
