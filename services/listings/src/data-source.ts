import { busEntities, busMigrations } from '@manzil/bus/outbox';
import { createDataSource } from '@manzil/db';
import { Location } from './locations/location.entity.js';
import { Init1732200000000 } from './migrations/1732200000000-init.js';
import { PropertyLifecycle1764050000000 } from './migrations/1764050000000-property-lifecycle.js';
import { PropertyPhotos1764060000000 } from './migrations/1764060000000-property-photos.js';
import { AdLicence1764200000000 } from './migrations/1764200000000-ad-licence.js';
import { DocumentFiles1764080000000 } from './migrations/1764080000000-document-files.js';
import { ListingReports1764070000000 } from './migrations/1764070000000-listing-reports.js';
import { Projects1764300000000 } from './migrations/1764300000000-projects.js';
import { SeedAdvertisers1764400000000 } from './migrations/1764400000000-seed-advertisers.js';
import { WishlistAppointments1764600000000 } from './migrations/1764600000000-wishlist-appointments.js';
import { Engagement1764610000000 } from './migrations/1764610000000-engagement.js';
import { UnitBookings1764910000000 } from './migrations/1764910000000-unit-bookings.js';
import { ProjectPresentations1764930000000 } from './migrations/1764930000000-project-presentations.js';
import { AppointmentCancel1764930000100 } from './migrations/1764930000100-appointment-cancel.js';
import { UnitReports1764940000000 } from './migrations/1764940000000-unit-reports.js';
import { UnitFloorPlans1764940000001 } from './migrations/1764940000001-unit-floor-plans.js';
import { UnitBookingRefundDue1765100000000 } from './migrations/1765100000000-unit-booking-refund-due.js';
import { MediaCleanup1765200000000 } from './migrations/1765200000000-media-cleanup.js';
import { PresentationUnits1765230000000 } from './migrations/1765230000000-presentation-units.js';
import { PropertyViews1765330000000 } from './migrations/1765330000000-property-views.js';
import { DocumentRemoval1765390000000 } from './migrations/1765390000000-document-removal.js';
import { RequirementAgreement1765400000000 } from './migrations/1765400000000-requirement-agreement.js';
import { Property } from './properties/property.entity.js';

export const entities = [...busEntities, Property, Location];
export const migrations = [
  ...busMigrations,
  Init1732200000000,
  PropertyLifecycle1764050000000,
  PropertyPhotos1764060000000,
  ListingReports1764070000000,
  DocumentFiles1764080000000,
  AdLicence1764200000000,
  Projects1764300000000,
  SeedAdvertisers1764400000000,
  WishlistAppointments1764600000000,
  Engagement1764610000000,
  UnitBookings1764910000000,
  ProjectPresentations1764930000000,
  AppointmentCancel1764930000100,
  UnitReports1764940000000,
  UnitFloorPlans1764940000001,
  UnitBookingRefundDue1765100000000,
  MediaCleanup1765200000000,
  PresentationUnits1765230000000,
  PropertyViews1765330000000,
  DocumentRemoval1765390000000,
  RequirementAgreement1765400000000,
];
export const buildDataSource = (url: string) => createDataSource({ url, entities, migrations });
