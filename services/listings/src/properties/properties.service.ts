import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, Not } from 'typeorm';
import { badgeOf, publicPropertySchema, type PublicProperty, type Site } from '@manzil/contracts';
import { AppException } from '@manzil/nest-kit';
import { Property } from './property.entity.js';
import { toSummary } from './property-summary.js';

@Injectable()
export class PropertiesService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * A public property of the site: accepted once (an edit waiting for approval keeps the
   * accepted version public) and on the market. Never-accepted, inactive and sold ones do not
   * exist for readers. With the card: its badge and the regulator-verified ad licence of the
   * public version (what REGA confirmed when it was accepted).
   */
  async findPublished(site: Site, slug: string): Promise<PublicProperty> {
    const property = await this.dataSource.manager.findOne(Property, {
      where: { site, slug, approvedAt: Not(IsNull()), state: 'active' },
    });
    if (!property) throw new AppException('NOT_FOUND');
    const summary = toSummary(property);
    return publicPropertySchema.parse({
      ...summary,
      badge: badgeOf(summary.agreementType),
      regulatorVerified: property.published?.regulatorVerified ?? null,
    });
  }
}
